import { DurableObject } from "cloudflare:workers";

export type DailyTake = { allowed: boolean; count: number; remaining: number; limit: number; resetTime: string };

/** The UTC day of `ms`, "YYYY-MM-DD". */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The next UTC midnight after `ms`, as an ISO string. */
export function nextUtcMidnight(ms: number): string {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
}

/**
 * Daily Ask counters for one UTC day (one object per day, `idFromName(day)`): guests by a salted hash
 * of their address, members' free `about` questions by user id. The salt is random, made by the
 * object and deleted with everything else at the next midnight, so yesterday's hashes cannot be
 * linked to an address or to today's. Counting is exact: each take is one synchronous transaction.
 */
export class GuestLimiter extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.init();
  }

  /** Creates the tables (again after the midnight alarm deleted them). */
  private init(): void {
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), day TEXT NOT NULL, salt TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS counts (key_hash TEXT PRIMARY KEY, count INTEGER NOT NULL);
    `);
  }

  /**
   * Counts one question for `client` ("ip:<address>" or "user:<id>") against `limit` for the UTC day
   * of `now`. A refused take is not counted. `now` is injectable so tests can cross midnight.
   */
  async take(client: string, limit: number, now = Date.now()): Promise<DailyTake> {
    this.init();
    const day = utcDay(now);
    const salt = this.saltFor(day);
    const keyHash = await hmacHex(salt, client);
    const resetTime = nextUtcMidnight(now);
    const result = this.ctx.storage.transactionSync((): DailyTake => {
      // The day may have turned while the hash was computed.
      if (this.saltFor(day) !== salt) return { allowed: false, count: 0, remaining: 0, limit, resetTime };
      const count = this.sql.exec<{ count: number }>("SELECT count FROM counts WHERE key_hash = ?", keyHash).toArray()[0]?.count ?? 0;
      if (count >= limit) return { allowed: false, count, remaining: 0, limit, resetTime };
      this.sql.exec("INSERT INTO counts (key_hash, count) VALUES (?, 1) ON CONFLICT (key_hash) DO UPDATE SET count = count + 1", keyHash);
      return { allowed: true, count: count + 1, remaining: limit - count - 1, limit, resetTime };
    });
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null) await this.ctx.storage.setAlarm(Date.parse(resetTime));
    return result;
  }

  /** Gives one question back (the answer failed), never below zero. */
  async giveBack(client: string, now = Date.now()): Promise<void> {
    this.init();
    const meta = this.meta();
    if (!meta || meta.day !== utcDay(now)) return;
    const keyHash = await hmacHex(meta.salt, client);
    this.sql.exec("UPDATE counts SET count = max(0, count - 1) WHERE key_hash = ?", keyHash);
  }

  /** Midnight UTC: the day is over, and with it every count and the salt. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  private meta(): { day: string; salt: string } | undefined {
    return this.sql.exec<{ day: string; salt: string }>("SELECT day, salt FROM meta WHERE id = 1").toArray()[0];
  }

  /** The salt of `day`; a new day wipes the previous day's counts (the reset, whatever the alarm did). */
  private saltFor(day: string): string {
    const meta = this.meta();
    if (meta?.day === day) return meta.salt;
    const salt = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
    this.ctx.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM counts");
      this.sql.exec("INSERT OR REPLACE INTO meta (id, day, salt) VALUES (1, ?, ?)", day, salt);
    });
    return salt;
  }
}

async function hmacHex(salt: string, text: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(salt), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, enc.encode(text));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The limiter of the UTC day of `now`. */
export function guestLimiter(env: Env, now = Date.now()) {
  return env.GUEST_LIMITER.get(env.GUEST_LIMITER.idFromName(utcDay(now)));
}
