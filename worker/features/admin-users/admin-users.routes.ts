import { apiContract } from "#schema/contracts/api/index.ts";
import { accessOf, quotaCounter } from "#worker/features/billing/index.ts";
import { currentUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { changeRole, listUsers } from "./admin-users.service.ts";

const { listUsers: list, changeUserRole: change } = apiContract;

/** The Users tab's calls; mounted under /api/admin behind `requireAdmin`. */
export const adminUsersRoutes = contractRoutes(
  route(list, async (c) => c.json(await listUsers(getDb(c.env.DB)), 200)),
  route(change, async (c) => {
    const actor = currentUser(c);
    const result = await changeRole(getDb(c.env.DB), actor.id, c.req.valid("param").userId, c.req.valid("json").role);
    // Premium grants (and losing it takes back) the complimentary Pro allowance at once, so the Users tab shows it.
    await quotaCounter(c.env, result.user.id).state(result.user.id, accessOf(result.user));
    return c.json(result, 200);
  }),
);
