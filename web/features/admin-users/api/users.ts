import { queryOptions } from "@tanstack/react-query";
import type { Role } from "#schema/contracts/auth.ts";
import { request } from "#web/lib/api-client.ts";

export const usersKeys = { all: ["admin", "users"] as const };

/** GET /api/admin/users: only while the Users tab is open (the query lives in the tab). */
export function usersQuery() {
  return queryOptions({ queryKey: usersKeys.all, queryFn: () => request("listUsers", { init: { cache: "no-store" } }) });
}

export function changeRole(userId: string, role: Role) {
  return request("changeUserRole", { params: { userId }, body: { role } });
}
