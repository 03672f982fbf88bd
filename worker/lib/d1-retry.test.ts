import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { isReadOnly, isTransient, type RetryPolicy, withReadRetries } from "./d1-retry.ts";

const BUSY = new Error("D1_ERROR: database is locked: SQLITE_BUSY");

/** A policy that records its waits instead of sleeping. */
function recordingPolicy() {
  const waits: number[] = [];
  const policy: RetryPolicy = { delaysMs: [25, 100, 400], sleep: async (ms) => void waits.push(ms), random: () => 0.5 };
  return { policy, waits };
}

/** The binding, with the first `failures` executions of any statement whose SQL matches `sql` failing with `error`. */
function failingDb(db: Pick<D1Database, "prepare" | "batch">, sql: RegExp, failures: number, error: Error = BUSY) {
  let left = failures;
  let executions = 0;
  let thrown = 0;
  const failOnce = <T>(run: () => Promise<T>) => {
    executions++;
    if (left > 0) {
      left--;
      thrown++;
      return Promise.reject(error);
    }
    return run();
  };
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    if (!sql.test(query)) return statement;
    const { bind, all, raw, first, run } = statement;
    return Object.assign(statement, {
      bind: (...values: unknown[]) => wrap(bind.apply(statement, values), query),
      all: () => failOnce(() => all.call(statement)),
      raw: (o?: { columnNames?: boolean }) => failOnce(() => (raw as (x?: unknown) => Promise<unknown>).call(statement, o)),
      first: (c?: string) => failOnce(() => (first as (x?: string) => Promise<unknown>).call(statement, c)),
      run: () => failOnce(() => run.call(statement)),
    });
  };
  return {
    prepare: (query: string) => wrap(db.prepare(query), query),
    batch: <T>(statements: D1PreparedStatement[]) => failOnce(() => db.batch<T>(statements)),
    executions: () => executions,
    thrown: () => thrown,
  };
}

describe("D1 read retries", () => {
  it("tells reads from writes by their SQL", () => {
    expect(isReadOnly("SELECT 1")).toBe(true);
    expect(isReadOnly("  with x as (select 1) select * from x")).toBe(true);
    expect(isReadOnly("WITH x AS (SELECT 1) DELETE FROM watchlist WHERE id IN (SELECT * FROM x)")).toBe(false);
    expect(isReadOnly("INSERT INTO t VALUES (1)")).toBe(false);
    expect(isReadOnly("UPDATE t SET a = 1")).toBe(false);
    expect(isReadOnly("PRAGMA optimize")).toBe(false);
  });

  it("knows D1's transient errors, in the message or its cause, and nothing else", () => {
    expect(isTransient(BUSY)).toBe(true);
    expect(isTransient(new Error("D1_ERROR: Network connection lost."))).toBe(true);
    expect(isTransient(new Error("Failed query", { cause: new Error("D1_ERROR: storage caused object to be reset") }))).toBe(true);
    expect(isTransient(new Error("D1_ERROR: no such table: nope: SQLITE_ERROR"))).toBe(false);
    expect(isTransient(new Error("D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT"))).toBe(false);
  });

  it("tries a read again after a busy lock, with a growing wait, and answers its rows", async () => {
    const failing = failingDb(env.DB, /SELECT/, 2);
    const { policy, waits } = recordingPolicy();
    const db = withReadRetries(failing, policy);
    const row = await db.prepare("SELECT ?1 + 1 AS n").bind(41).first<{ n: number }>();
    expect(row).toEqual({ n: 42 });
    expect(failing.executions()).toBe(3);
    // Half of each wait fixed, half random (0.5 here).
    expect(waits).toEqual([18.75, 75]);
  });

  it("gives up after its last wait and throws the error D1 gave", async () => {
    const failing = failingDb(env.DB, /SELECT/, 10);
    const { policy, waits } = recordingPolicy();
    const db = withReadRetries(failing, policy);
    await expect(db.prepare("SELECT 1").all()).rejects.toBe(BUSY);
    expect(failing.executions()).toBe(4);
    expect(waits).toHaveLength(3);
  });

  it("never retries a write, nor an error that a second try cannot fix", async () => {
    const writes = failingDb(env.DB, /INSERT/, 1);
    const { policy, waits } = recordingPolicy();
    await expect(
      withReadRetries(writes, policy).prepare("INSERT INTO categories (name, slug, kind) VALUES ('x', 'x', 'news')").run(),
    ).rejects.toBe(BUSY);
    expect(writes.executions()).toBe(1);

    const broken = failingDb(env.DB, /SELECT/, 1, new Error("D1_ERROR: no such column: nope: SQLITE_ERROR"));
    await expect(withReadRetries(broken, policy).prepare("SELECT 1").raw()).rejects.toThrow(/no such column/);
    expect(broken.executions()).toBe(1);
    expect(waits).toEqual([]);
  });

  it("retries a batch only when every statement in it reads, and hands the binding its own statements", async () => {
    const { policy } = recordingPolicy();
    const reads = failingDb(env.DB, /$^/, 0);
    let failBatch = 1;
    const db = withReadRetries(
      {
        prepare: reads.prepare,
        batch: <T>(s: D1PreparedStatement[]) => (failBatch-- > 0 ? Promise.reject(BUSY) : env.DB.batch<T>(s)),
      },
      policy,
    );
    const results = await db.batch<{ n: number }>([db.prepare("SELECT 1 AS n"), db.prepare("SELECT ?1 AS n").bind(2)]);
    expect(results.map((r) => r.results[0]?.n)).toEqual([1, 2]);

    failBatch = 1;
    await expect(db.batch([db.prepare("SELECT 1"), db.prepare("DELETE FROM categories WHERE slug = 'none'")])).rejects.toBe(BUSY);
  });

  it("answers a request whose first read met a busy lock, instead of a 500", async () => {
    // Every request's queries go through the session the d1Sessions middleware opens: its first read fails.
    let failing: ReturnType<typeof failingDb> | undefined;
    const db = new Proxy(env.DB, {
      get(target, key) {
        if (key === "withSession") {
          return (constraint?: string) => {
            const session = target.withSession(constraint);
            failing = failingDb(session, /select/i, 1);
            return { prepare: failing.prepare, batch: failing.batch, getBookmark: () => session.getBookmark() };
          };
        }
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const res = await new BrowserAgent({ DB: db }).fetch("/api/categories");
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
    expect(failing?.thrown()).toBe(1);
  });
});
