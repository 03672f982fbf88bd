import { count, desc, eq } from "drizzle-orm";
import { ADMIN_USERS_LIMIT, type AdminUser, type AdminUserList } from "#schema/contracts/admin-users.ts";
import type { Role } from "#schema/contracts/auth.ts";
import { subscriptions, users } from "#schema/db/accounts.ts";
import type { Db } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { revokeAllSessions } from "#worker/lib/session.ts";

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

/** The Users tab: newest members first (capped), with the total and each member's plan (free when they have no plan row yet). */
export async function listUsers(db: Db): Promise<AdminUserList> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...columns,
        tier: subscriptions.tier,
        status: subscriptions.status,
        complimentary: subscriptions.complimentary,
        credits: subscriptions.credits,
      })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_USERS_LIMIT),
    db.select({ n: count() }).from(users),
  ]);
  return {
    users: rows.map(({ tier, status, complimentary, credits, ...user }) => ({
      ...user,
      plan: { tier: tier ?? "free", status: status ?? "active", complimentary: complimentary ?? false, credits: credits ?? 0 },
    })),
    total: total?.n ?? rows.length,
  };
}

export const SELF_ROLE_CHANGE = "You cannot change your own role.";

/**
 * Sets a member's role. An admin cannot change their own (so the panel always keeps one admin).
 * A change takes effect on the member's next request (the role is read from D1 on each one) and
 * signs them out everywhere, so no session keeps rights it was opened with.
 */
export async function changeRole(db: Db, actorId: string, userId: string, role: Role): Promise<{ success: true; user: AdminUser }> {
  if (actorId === userId) throw new ApiError("FORBIDDEN", SELF_ROLE_CHANGE);
  const [before] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  if (!before) throw new ApiError("NOT_FOUND", "User not found");
  if (before.role === role) return { success: true, user: before };
  const [after] = await db
    .update(users)
    .set({ role, roleSource: "admin-panel", updatedAt: new Date().toISOString() })
    .where(eq(users.id, userId))
    .returning(columns);
  await revokeAllSessions(db, userId);
  console.info(JSON.stringify({ level: "info", msg: "role changed", actorId, userId, from: before.role, to: role }));
  return { success: true, user: after ?? { ...before, role } };
}
