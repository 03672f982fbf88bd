import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";

/** Writes `n` unread bell entries for a member straight to D1 and returns their ids, oldest first. */
async function unreadEvents(userId: string, n: number): Promise<number[]> {
  const insert = env.DB.prepare(
    `INSERT INTO alert_events (user_id, event_key, kind, symbol, title, body, href, as_of)
     VALUES (?1, ?2, 'price_above', 'BTC', 'BTC rose', 'body', '/coin/btc', '2026-11-26T12:00:00.000Z') RETURNING id`,
  );
  const rows = await env.DB.batch<{ id: number }>(Array.from({ length: n }, (_, i) => insert.bind(userId, `bulk-${i}`)));
  return rows.map((r) => r.results[0]?.id ?? 0);
}

async function readIds(userId: string): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT id FROM alert_events WHERE user_id = ?1 AND read_at IS NOT NULL ORDER BY id")
    .bind(userId)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

describe("POST /api/notifications/read with many ids", () => {
  // D1 binds at most 100 parameters per statement: the ids travel as one JSON value, so the
  // contract's 100 ids (plus the member and the time) fit whatever the count.
  it.each([1, 98, 99, 100])("marks exactly %i ids read and answers the unread count", async (n) => {
    const agent = await signedIn(`bell-bulk-${n}@example.com`);
    const ids = await unreadEvents(agent.user.id, 105);
    // Every id but five scattered ones, newest first, cut to n.
    const chosen = ids
      .filter((_, i) => i % 21 !== 5)
      .reverse()
      .slice(0, n);
    expect(chosen).toHaveLength(n);
    const res = await send<{ unread: number }>(agent, "POST", "/api/notifications/read", { ids: chosen });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unread: 105 - n });
    expect(await readIds(agent.user.id)).toEqual([...chosen].sort((a, b) => a - b));
  });

  it("refuses 101 ids with the contract's 400 and marks nothing", async () => {
    const agent = await signedIn("bell-bulk-101@example.com");
    const ids = await unreadEvents(agent.user.id, 101);
    const res = await send<ErrorBody>(agent, "POST", "/api/notifications/read", { ids });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_REQUEST");
    expect(res.body.error.issues?.length).toBeGreaterThan(0);
    expect(await readIds(agent.user.id)).toEqual([]);
  });

  it("ignores another member's ids and repeats among 100", async () => {
    const agent = await signedIn("bell-bulk-mine@example.com");
    const other = await signedIn("bell-bulk-theirs@example.com");
    const mine = await unreadEvents(agent.user.id, 60);
    const theirs = await unreadEvents(other.user.id, 30);
    const res = await send<{ unread: number }>(agent, "POST", "/api/notifications/read", {
      ids: [...mine.slice(0, 50), ...theirs, ...mine.slice(0, 20)],
    });
    expect(res.body).toEqual({ unread: 10 });
    expect(await readIds(other.user.id)).toEqual([]);
  });
});
