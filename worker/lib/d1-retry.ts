/**
 * Retries of D1's transient errors for reads (docs/decisions/architecture/d1-read-retries.md).
 *
 * D1 answers some failures that a second try fixes: the ones its error list marks "retry" (a lost
 * connection, the storage object reset), and locally SQLite's busy lock, which it answers at once
 * instead of waiting. Production D1 already retries read-only queries twice; a read is safe to try
 * again anywhere, so the Worker does it too, with a backoff and jitter, for every request's queries.
 * A write is never retried here: one that failed after it committed would apply twice.
 */
const TRANSIENT =
  /SQLITE_BUSY|database is locked|Network connection lost|storage caused object to be reset|reset because its code was updated|D1 DB is overloaded/i;
const WRITES = /\b(?:insert|update|delete|replace|create|drop|alter|pragma|attach|vacuum|reindex)\b/i;

/** A statement that can only read: SELECT, or a WITH or EXPLAIN that names no write. */
export function isReadOnly(sql: string): boolean {
  return /^\s*(?:select|with|explain)\b/i.test(sql) && !WRITES.test(sql);
}

export function isTransient(error: unknown): boolean {
  const cause = error instanceof Error && error.cause !== undefined ? String(error.cause) : "";
  return TRANSIENT.test(String(error) + cause);
}

export type RetryPolicy = {
  /** Waits before the second, third, ... try; their count is the number of retries. */
  delaysMs: readonly number[];
  sleep: (ms: number) => Promise<void>;
  random: () => number;
};

/** Three retries within about a second: a local lock lasts milliseconds, a reset object a little longer. */
export const READ_RETRIES: RetryPolicy = {
  delaysMs: [25, 100, 400],
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** Runs `read`, trying again after each transient failure while the policy has waits left. */
export async function retryRead<T>(read: () => Promise<T>, policy: RetryPolicy = READ_RETRIES): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      const delay = policy.delaysMs[attempt];
      if (delay === undefined || !isTransient(error)) throw error;
      // "Equal jitter": half the wait fixed, half random, so readers that failed together spread out.
      await policy.sleep(delay / 2 + policy.random() * (delay / 2));
    }
  }
}

const sqlOf = new WeakMap<D1PreparedStatement, string>();

/**
 * The statement with its reading methods retried when its SQL only reads. It stays the binding's own
 * object (its methods replaced on the instance), because `batch()` accepts nothing else.
 */
function retryingStatement(statement: D1PreparedStatement, sql: string, policy: RetryPolicy): D1PreparedStatement {
  sqlOf.set(statement, sql);
  if (!isReadOnly(sql)) return statement;
  const { bind, first, all, raw, run } = statement;
  Object.assign(statement, {
    bind: (...values: unknown[]) => retryingStatement(bind.apply(statement, values), sql, policy),
    first: (column?: string) => retryRead(() => (first as (c?: string) => Promise<unknown>).call(statement, column), policy),
    all: () => retryRead(() => all.call(statement), policy),
    raw: (options?: { columnNames?: boolean }) =>
      retryRead(() => (raw as (o?: { columnNames?: boolean }) => Promise<unknown>).call(statement, options), policy),
    run: () => retryRead(() => run.call(statement), policy),
  });
  return statement;
}

type Preparer = Pick<D1Database, "prepare" | "batch">;

/** `prepare` and `batch` of `db` with reads retried; a batch is retried only when every statement in it reads. */
export function withReadRetries(db: Preparer, policy: RetryPolicy = READ_RETRIES): Preparer {
  return {
    prepare: (query: string) => retryingStatement(db.prepare(query), query, policy),
    batch: <T>(statements: D1PreparedStatement[]) => {
      const reads = statements.every((s) => isReadOnly(sqlOf.get(s) ?? "insert"));
      return reads ? retryRead(() => db.batch<T>(statements), policy) : db.batch<T>(statements);
    },
  };
}
