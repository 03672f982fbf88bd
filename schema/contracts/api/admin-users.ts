import { adminUserListSchema, roleChangeBody, roleChangeResultSchema, userIdParam } from "../admin-users.ts";
import { errors, json, noQuery, type RouteContract } from "./route-contract.ts";

/** The admin Users tab. */
export const adminUsersContract = {
  listUsers: {
    method: "GET",
    path: "/api/admin/users",
    summary: "The newest members",
    tags: ["Admin: users"],
    access: "admin",
    request: { query: noQuery },
    responses: { 200: json("Members and the total", adminUserListSchema), ...errors(400, 401, 403) },
  },
  changeUserRole: {
    method: "POST",
    path: "/api/admin/users/:userId/role",
    summary: "Change a member's role",
    tags: ["Admin: users"],
    access: "admin",
    request: { params: userIdParam, body: roleChangeBody },
    description:
      "Refused with 409 when the calling admin lost the admin role before the change applied (the last admin cannot be demoted).",
    responses: { 200: json("The member after the change", roleChangeResultSchema), ...errors(400, 401, 403, 404, 409, 413) },
  },
} as const satisfies Record<string, RouteContract>;
