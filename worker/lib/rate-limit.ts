import { randomToken, sha256Hex } from "./crypto.ts";
import { ApiError } from "./errors.ts";

/** A fixed-window limit: at most `limit` hits per `windowMs` per client, counted per `scope`. */
export type RateLimitRule = { scope: string; limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; count: number; remaining: number; retryAfterSeconds: number };

const DAY_MS = 86_400_000;
/** Salts of the last days, per isolate; the table is the source of truth. */
const saltCache = new Map<string, string>();

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Today's salt: created once per UTC day by whichever request comes first (INSERT OR IGNORE, then read). */
async function dailySalt(db: D1Database, day: string): Promise<string> {
  const cached = saltCache.get(day);
  if (cached) return cached;
  const [, read] = await db.batch<{ salt: string }>([
    db.prepare("INSERT INTO rate_limit_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING").bind(day, randomToken()),
    db.prepare("SELECT salt FROM rate_limit_salts WHERE day = ?").bind(day),
  ]);
  const salt = read?.results[0]?.salt;
  if (!salt) throw new Error(`rate limit salt for ${day} is missing`);
  if (saltCache.size > 4) saltCache.clear();
  saltCache.set(day, salt);
  return salt;
}

/**
 * Counts one hit for `clientKey` (an IP address) and says whether it is within the rule. The
 * counter lives in D1, where a single upsert is atomic, so concurrent requests cannot both slip
 * under the limit. Only a salted hash of the key is stored.
 */
export async function hitRateLimit(db: D1Database, rule: RateLimitRule, clientKey: string, now = Date.now()): Promise<RateLimitResult> {
  const salt = await dailySalt(db, utcDay(now));
  const keyHash = await sha256Hex(`${salt}:${rule.scope}:${clientKey}`);
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (scope, key_hash, window_start, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (scope, key_hash, window_start) DO UPDATE SET count = count + 1
       RETURNING count`,
    )
    .bind(rule.scope, keyHash, windowStart)
    .first<{ count: number }>();
  const count = row?.count ?? 1;
  return {
    allowed: count <= rule.limit,
    count,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)),
  };
}

/** `hitRateLimit`, throwing the one 429 error body with a Retry-After header when over the limit. */
export async function enforceRateLimit(db: D1Database, rule: RateLimitRule, clientKey: string, message: string, now = Date.now()) {
  const result = await hitRateLimit(db, rule, clientKey, now);
  if (!result.allowed) {
    throw new ApiError("RATE_LIMITED", message, { headers: { "retry-after": String(result.retryAfterSeconds) } });
  }
  return result;
}

/** Drops counters older than a day and salts older than yesterday (after which old hashes are unlinkable). */
export async function pruneRateLimits(db: D1Database, now = Date.now()): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM rate_limits WHERE window_start < ?").bind(now - DAY_MS),
    db.prepare("DELETE FROM rate_limit_salts WHERE day < ?").bind(utcDay(now - DAY_MS)),
  ]);
  saltCache.clear();
}

/**
 * The client's address as Cloudflare reports it; requests without one share a single bucket. An
 * IPv6 client is its /64 (one subscriber line gets a whole /64 and can rotate within it at will).
 */
export function clientAddress(headers: Headers): string {
  const ip = headers.get("cf-connecting-ip") ?? "unknown";
  return ip.includes(":") ? ipv6Bucket(ip) : ip;
}

function ipv6Bucket(ip: string): string {
  let addr = (ip.split("%")[0] ?? ip).toLowerCase();
  const v4 = addr.match(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    addr = `${addr.slice(0, -v4[0].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = addr.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return ip;
  const words = groups.map((g) => Number.parseInt(g, 16));
  // An IPv4-mapped address (::ffff:a.b.c.d) is an IPv4 client.
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) {
    const [hi = 0, lo = 0] = words.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${words
    .slice(0, 4)
    .map((w) => w.toString(16))
    .join(":")}::/64`;
}
