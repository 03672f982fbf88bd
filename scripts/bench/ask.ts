/**
 * The Ask Coinsight target of `npm run bench`: an admin (unlimited, never counted) asking the `about`
 * question of Bitcoin, which after the first ask is served from the KV answer cache until the next
 * price tick changes its data time (every 30 s: one fresh answer per tick, the rest cached).
 */
import { hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import type { LoadOptions } from "./load.ts";
import type { BenchServer } from "./serve.ts";

/** A session secret for this run only (production mode needs one to sign anyone in). */
export const BENCH_SESSION_SECRET = randomBytes(32).toString("hex");

/** An admin signed in for this run: the cookie its requests carry. */
export async function benchAdminCookie(server: BenchServer): Promise<string> {
  const db = await server.mf.getD1Database("DB");
  const userId = randomUUID();
  const sid = randomUUID();
  const expiresAt = new Date(Date.now() + 86_400_000);
  await db.batch([
    db
      .prepare("INSERT INTO users (id, email, role, identity_issuer, identity_subject) VALUES (?, ?, 'admin', 'bench', ?)")
      .bind(userId, `bench-${userId.slice(0, 8)}@coinsight.test`, userId),
    db.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)").bind(sid, userId, expiresAt.toISOString()),
  ]);
  return `__Host-coinsight_session=${await sessionToken(sid, userId, expiresAt)}`;
}

export async function askTarget(server: BenchServer, cookie: string): Promise<{ url: string; options: LoadOptions }> {
  const options: LoadOptions = {
    method: "POST",
    body: JSON.stringify({ coinSymbol: "BTC", coinName: "Bitcoin", questionType: "about", priceChange24h: null }),
    headers: {
      "content-type": "application/json",
      origin: server.url.origin,
      cookie,
    },
  };
  const url = new URL("/api/ask-coinsight", server.url).href;
  // The first ask writes the cache entry; it is not part of the measurement.
  const warm = await fetch(url, { method: "POST", body: options.body, headers: options.headers });
  const body = (await warm.json()) as { cached?: boolean };
  if (!warm.ok) throw new Error(`Ask warm-up failed: ${warm.status} ${JSON.stringify(body)}`);
  return { url, options };
}

/**
 * The free-text target: the same admin asking "is sol doing better than eth this week?" on /ask. The
 * plan is read once (planning is free and not measured); the answer to that plan is then served from
 * the cache per plan and data time, as the card's is.
 */
export async function askFreeTarget(server: BenchServer, cookie: string): Promise<{ url: string; options: LoadOptions }> {
  const headers = { "content-type": "application/json", origin: server.url.origin, cookie };
  const question = "is sol doing better than eth this week?";
  const planned = await fetch(new URL("/api/ask-coinsight/plan", server.url), {
    method: "POST",
    headers,
    body: JSON.stringify({ question, previous: null }),
  });
  const plan = (await planned.json()) as { kind?: string };
  if (!planned.ok || plan.kind !== "plan") throw new Error(`Ask plan failed: ${planned.status} ${JSON.stringify(plan)}`);
  const url = new URL("/api/ask-coinsight/answer", server.url).href;
  const options: LoadOptions = { method: "POST", body: JSON.stringify({ question, plan }), headers };
  const warm = await fetch(url, { method: "POST", body: options.body, headers });
  if (!warm.ok) throw new Error(`Ask free-text warm-up failed: ${warm.status} ${await warm.text()}`);
  return { url, options };
}

/**
 * A session token as worker/lib/session.ts signs it (HS256 under the HKDF "session" key of
 * SESSION_SECRET). The Worker's tsconfig is not this script's, so it is restated here; if it ever
 * drifts, the warm-up ask fails with 401 instead of measuring the wrong thing.
 */
async function sessionToken(sid: string, userId: string, expiresAt: Date): Promise<string> {
  const key = new Uint8Array(hkdfSync("sha256", BENCH_SESSION_SECRET, "coinsight", "session", 32));
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("coinsight")
    .setAudience("coinsight-session")
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}
