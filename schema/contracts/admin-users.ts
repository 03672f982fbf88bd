import { z } from "zod";
import { roleSchema, tierSchema } from "./auth.ts";

/** One row of the admin Users tab (assistant-plans-admin.md §3). */
export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The Users tab's plan column: the member's tier, its status, whether it is the premium role's complimentary one, and credits. */
export const adminUserPlanSchema = z.object({
  tier: tierSchema,
  status: z.string(),
  complimentary: z.boolean(),
  credits: z.number().int(),
});
export type AdminUserPlan = z.infer<typeof adminUserPlanSchema>;

/** One row of GET /api/admin/users: the member and their plan. */
export const adminUserRowSchema = adminUserSchema.extend({ plan: adminUserPlanSchema });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** GET /api/admin/users: the newest members first, at most ADMIN_USERS_LIMIT. */
export const adminUserListSchema = z.object({ users: z.array(adminUserRowSchema), total: z.number().int() });
export type AdminUserList = z.infer<typeof adminUserListSchema>;
export const ADMIN_USERS_LIMIT = 500;

export const userIdParam = z.object({ userId: z.string().min(1).max(128) });

/** POST /api/admin/users/{userId}/role. */
export const roleChangeBody = z.object({ role: roleSchema }).strict();
export const roleChangeResultSchema = z.object({ success: z.literal(true), user: adminUserSchema });
