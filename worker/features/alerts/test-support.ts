import { env } from "cloudflare:test";
import type { AlertKind } from "#schema/contracts/alert-rules.ts";
import { users } from "#schema/db/accounts.ts";
import { alerts } from "#schema/db/alerts.ts";
import { getDb } from "#worker/lib/db.ts";

/** Test helpers for the alerts feature: members and alerts written straight to D1. */

export const db = () => getDb(env.DB);

export async function makeMember(email = `member-${crypto.randomUUID()}@example.com`): Promise<{ id: string; email: string }> {
  const id = crypto.randomUUID();
  await db().insert(users).values({ id, email, identityIssuer: "offline", identitySubject: email });
  return { id, email };
}

export async function makeAlert(
  userId: string,
  values: { kind: AlertKind; threshold: number; coinId?: string; symbol?: string; armed?: boolean; paused?: boolean },
): Promise<number> {
  const [row] = await db()
    .insert(alerts)
    .values({
      userId,
      coinId: values.coinId ?? "bitcoin",
      symbol: values.symbol ?? "BTC",
      coinName: values.coinId === "ethereum" ? "Ethereum" : values.coinId && values.coinId !== "bitcoin" ? values.coinId : "Bitcoin",
      kind: values.kind,
      threshold: values.threshold,
      armed: values.armed ?? true,
      paused: values.paused ?? false,
    })
    .returning({ id: alerts.id });
  if (!row) throw new Error("no alert inserted");
  return row.id;
}

export async function armedOf(id: number): Promise<boolean> {
  const row = await env.DB.prepare("SELECT armed FROM alerts WHERE id = ?1").bind(id).first<{ armed: number }>();
  return row?.armed === 1;
}

export async function eventsOf(userId: string): Promise<{ alert_id: number; title: string; body: string; mailed: number }[]> {
  const { results } = await env.DB.prepare("SELECT alert_id, title, body, mailed FROM alert_events WHERE user_id = ?1 ORDER BY id")
    .bind(userId)
    .all<{ alert_id: number; title: string; body: string; mailed: number }>();
  return results;
}

/** One coin's figures for a tick. */
export const coinAt = (id: string, price: number, change24h: number | null = 1) => [{ id, price, change24h }];

/** A member's watched coins ([symbol, name, id]) and their digest, due at `dueAt`. */
export async function watchWithDigest(userId: string, coins: [string, string, string][], digest: "daily" | "weekly", dueAt: string) {
  await env.DB.batch([
    ...coins.map(([symbol, name, id]) =>
      env.DB.prepare("INSERT INTO watchlist (user_id, crypto_symbol, crypto_name, crypto_id) VALUES (?1, ?2, ?3, ?4)").bind(
        userId,
        symbol,
        name,
        id,
      ),
    ),
    env.DB.prepare("INSERT INTO alert_settings (user_id, digest, digest_due_at) VALUES (?1, ?2, ?3)").bind(userId, digest, dueAt),
  ]);
}

/** One coin's row of the newsroom's daily social snapshot. */
export async function sentimentRow(date: string, coinId: string, symbol: string, sentiment: number | null, rank = 2) {
  await env.DB.prepare(
    `INSERT INTO sentiment_snapshots (date, coin_id, rank, symbol, name, price, market_cap, sentiment, source, market_as_of, fetched_at)
     VALUES (?1, ?2, ?3, ?4, ?4, 1, 1, ?5, 'offline', ?6, ?6)`,
  )
    .bind(date, coinId, rank, symbol.toLowerCase(), sentiment, `${date}T06:01:00.000Z`)
    .run();
}
