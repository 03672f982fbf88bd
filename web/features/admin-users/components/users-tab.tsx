import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminUserRow as AdminUser, AdminUserPlan } from "#schema/contracts/admin-users.ts";
import type { Role } from "#schema/contracts/auth.ts";
import { PLANS } from "#schema/contracts/plans.ts";
import { Card } from "#web/components/ui/card.tsx";
import { DataTable } from "#web/components/ui/data-table.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { LoadFailed, LoadingRows } from "#web/components/ui/query-states.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { SESSION_EXPIRED_TEXT, serverMessage, useSignInAfterExpiry } from "#web/lib/admin-links.ts";
import { HttpError } from "#web/lib/api.ts";
import { useAuth } from "#web/lib/auth.ts";
import { fieldErrorsOf, invalidProps } from "#web/lib/field-errors.ts";
import { utcDateTime } from "#web/lib/format.ts";
import { changeRole, usersKeys, usersQuery } from "../api/users.ts";
import { type RoleChange, RoleConfirm } from "./role-confirm.tsx";
import styles from "./users.module.css";

const ROLES: readonly Role[] = ["user", "premium", "admin"];
const FAILED = "Failed to update user role.";

function displayName(u: AdminUser): string {
  return [u.firstName, u.lastName].filter(Boolean).join(" ") || "—";
}

/** The plan column: the tier (complimentary for the premium role), a paid plan that is not active, and credits. */
function planText(role: Role, plan: AdminUserPlan): string {
  if (role === "admin") return "Unlimited (admin)";
  const name = plan.complimentary ? `${PLANS[plan.tier].name} (complimentary)` : PLANS[plan.tier].name;
  const state = plan.tier !== "free" && plan.status !== "active" ? `, ${plan.status.replace(/_/g, " ")}` : "";
  const credits = plan.credits > 0 ? ` · ${plan.credits} credits` : "";
  return `${name}${state}${credits}`;
}

/**
 * The Users tab: every member with a role select. The signed-in admin's own row is disabled (the
 * server refuses a self-change too). A role change signs the member out everywhere, so choosing a
 * role asks first (RoleConfirm); only the confirmed change is sent.
 */
export function UsersTab({ go = (href) => window.location.assign(href) }: { go?: (href: string) => void }) {
  const client = useQueryClient();
  const currentUserId = useAuth().user?.id;
  const { data, isLoading, isError, refetch } = useQuery(usersQuery());
  const [expired, setExpired] = useState(false);
  // The last refused change, shown under that member's select (which keeps showing the role they still have).
  const [refused, setRefused] = useState<{ userId: string; message: string } | null>(null);
  // A change the select proposed, waiting for the admin to confirm it (it signs the member out everywhere).
  const [proposed, setProposed] = useState<RoleChange | null>(null);
  const mutation = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => changeRole(userId, role),
    onMutate: () => setRefused(null),
    onSuccess: ({ user }) => {
      toast({ title: "Success", description: `${user.email} is now ${user.role}. They will sign in again.` });
      return client.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (error, { userId, role }) => {
      if (error instanceof HttpError && error.status === 401) {
        toast({ title: SESSION_EXPIRED_TEXT, variant: "destructive" });
        setExpired(true);
        return;
      }
      toast({ title: "Error", description: FAILED, variant: "destructive" });
      const reason = fieldErrorsOf(error).role ?? serverMessage(error, FAILED);
      setRefused({ userId, message: `Not changed to ${role}: ${reason}` });
    },
  });

  useSignInAfterExpiry(expired, "/admin?tab=users", go);

  return (
    <Card title="Users" aria-label="Users">
      {isLoading ? (
        <LoadingRows label="Loading users" height={44} />
      ) : isError || !data ? (
        <LoadFailed what="users" onRetry={() => void refetch()} />
      ) : data.users.length === 0 ? (
        <Notice>No users found.</Notice>
      ) : (
        <>
          <p className={styles.hint}>
            {data.total} member{data.total === 1 ? "" : "s"}
            {data.total > data.users.length ? `, newest ${data.users.length} shown` : ""}. Changing a role signs that member out everywhere.
            Premium gives complimentary Pro access: {PLANS.pro.queries} Ask Coinsight questions a month, no ads, no payment.
          </p>
          <DataTable columns={["Name", "Email", "Status", "Joined", "Plan", "Role"]} align="middle" className={styles.narrow}>
            {data.users.map((u) => {
              const self = u.id === currentUserId;
              const pending = mutation.isPending && mutation.variables?.userId === u.id;
              const refusal = refused?.userId === u.id ? refused.message : undefined;
              const errorId = `role-${u.id}-error`;
              return (
                <tr key={u.id}>
                  <td>
                    {displayName(u)}
                    {self ? <span className="badge badge-brand"> You</span> : null}
                  </td>
                  <td className={styles.email}>{u.email}</td>
                  <td>{u.isActive ? "Active" : "Disabled"}</td>
                  <td className="muted">{utcDateTime(u.createdAt)}</td>
                  <td data-testid={`plan-${u.id}`}>{planText(u.role, u.plan)}</td>
                  <td>
                    <select
                      className={`input ${styles.select}`}
                      aria-label={`Role of ${u.email}`}
                      value={u.role}
                      disabled={self || pending || expired}
                      title={self ? "You cannot change your own role" : undefined}
                      onChange={(e) => {
                        const role = e.target.value as Role;
                        // An empty or unknown value is never sent (assistant-plans-admin.md §5: selects refuse empty items).
                        if (!ROLES.includes(role) || role === u.role) return;
                        setProposed({ userId: u.id, email: u.email, from: u.role, to: role });
                      }}
                      {...invalidProps(refusal, errorId)}
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                    <FieldError id={errorId} message={refusal} className={styles.roleError} />
                  </td>
                </tr>
              );
            })}
          </DataTable>
          {proposed ? (
            <RoleConfirm
              change={proposed}
              onClose={() => setProposed(null)}
              onConfirm={() => {
                setProposed(null);
                mutation.mutate({ userId: proposed.userId, role: proposed.to });
              }}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}
