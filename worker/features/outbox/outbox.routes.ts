import { Hono } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { OutboxList } from "#schema/contracts/outbox.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { getDb } from "#worker/lib/db.ts";
import { validate } from "#worker/lib/validate.ts";
import { listOutbox } from "./outbox.service.ts";

/**
 * GET /api/admin/outbox: what the offline mail and social adapters captured, newest first.
 * Mounted under /api/admin behind the admin guard; mail bodies name subscribers' addresses.
 */
export const adminOutboxRoutes = new Hono<AppEnv>().get("/outbox", validate("query", apiContract.listOutbox.request.query), async (c) => {
  const { channel, limit } = c.req.valid("query");
  const items = await listOutbox(getDb(c.env.DB), { channel, limit });
  const body: OutboxList = { items, mailLive: Boolean(c.env.MAIL_API_KEY) };
  return c.json(body, 200);
});
