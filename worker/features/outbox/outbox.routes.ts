import { apiContract } from "#schema/contracts/api/index.ts";
import type { OutboxList } from "#schema/contracts/outbox.ts";
import { getDb } from "#worker/lib/db.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { listOutbox, mailQueueDays } from "./outbox.service.ts";

/** How many days of mail-queue figures the Outbox shows. */
const QUEUE_DAYS = 7;

/**
 * GET /api/admin/outbox: what the offline mail and social adapters captured, newest first, and
 * what went through the mail queue in the last days. Mounted under /api/admin behind the admin
 * guard; mail bodies name subscribers' addresses.
 */
export const adminOutboxRoutes = contractRoutes(
  route(apiContract.listOutbox, async (c) => {
    const { channel, limit } = c.req.valid("query");
    const db = getDb(c.env.DB);
    const since = new Date(Date.now() - (QUEUE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const [items, queue] = await Promise.all([listOutbox(db, { channel, limit }), mailQueueDays(db, since)]);
    const body: OutboxList = { items, mailLive: Boolean(c.env.MAIL_API_KEY), queue };
    return c.json(body, 200);
  }),
);
