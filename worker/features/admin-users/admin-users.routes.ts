import { Hono } from "hono";
import { z } from "zod";
import { roleChangeBody, userIdParam } from "#schema/contracts/admin-users.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { currentUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { validate } from "#worker/lib/validate.ts";
import { changeRole, listUsers } from "./admin-users.service.ts";

/** The Users tab's calls; mounted under /api/admin behind `requireAdmin`. */
export const adminUsersRoutes = new Hono<AppEnv>()
  .get("/users", validate("query", z.object({}).strict()), async (c) => c.json(await listUsers(getDb(c.env.DB)), 200))
  .post("/users/:userId/role", validate("param", userIdParam), validate("json", roleChangeBody), async (c) => {
    const actor = currentUser(c);
    return c.json(await changeRole(getDb(c.env.DB), actor.id, c.req.valid("param").userId, c.req.valid("json").role), 200);
  });
