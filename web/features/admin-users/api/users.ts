import { queryOptions } from "@tanstack/react-query";
import type { AdminUser, AdminUserList } from "#schema/contracts/admin-users.ts";
import type { Role } from "#schema/contracts/auth.ts";
import { api } from "#web/lib/api.ts";

export const usersKeys = { all: ["admin", "users"] as const };

/** GET /api/admin/users: only while the Users tab is open (the query lives in the tab). */
export function usersQuery() {
  return queryOptions({ queryKey: usersKeys.all, queryFn: () => api<AdminUserList>("/api/admin/users", { cache: "no-store" }) });
}

export function changeRole(userId: string, role: Role) {
  return api<{ success: true; user: AdminUser }>(`/api/admin/users/${encodeURIComponent(userId)}/role`, { method: "POST", json: { role } });
}
