/**
 * What a request costs in billed storage operations: D1 rows read and written (from each query's
 * result meta) and KV reads and writes. The bench build (worker/bench-entry.ts) meters every request
 * with it, and the worker tests use it to prove that the steady state reads nothing. Never part of
 * the production Worker (worker/index.ts does not import it).
 *
 * D1's `raw()` (what drizzle uses for selects) drops the meta before it reaches the caller, so the
 * meter wraps the one method every query of every session goes through, `_send` (and `_queryOrThrow`
 * when the `d1_binding_jsrpc` flag is on), on the session prototype of the runtime's D1 binding.
 * Those are the runtime's internals (workerd's `cloudflare-internal:d1-api`), not its API: if a new
 * workerd renames them, `meterD1` answers false and the bench prints "n/a" instead of a wrong count.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type Meter = { queries: number; rowsRead: number; rowsWritten: number; kvReads: number; kvWrites: number };

export const emptyMeter = (): Meter => ({ queries: 0, rowsRead: 0, rowsWritten: 0, kvReads: 0, kvWrites: 0 });

const current = new AsyncLocalStorage<Meter>();

/** Runs `fn` (a request, and whatever it leaves to `waitUntil`) with its storage operations counted into `meter`. */
export function metered<T>(meter: Meter, fn: () => T): T {
  return current.run(meter, fn);
}

type D1MetaLike = { meta?: { rows_read?: number; rows_written?: number } };

function count(results: unknown): void {
  const meter = current.getStore();
  if (!meter) return;
  for (const r of (Array.isArray(results) ? results : [results]) as D1MetaLike[]) {
    meter.queries++;
    meter.rowsRead += r?.meta?.rows_read ?? 0;
    meter.rowsWritten += r?.meta?.rows_written ?? 0;
  }
}

type Sender = (this: unknown, ...args: unknown[]) => Promise<unknown>;
const PATCHED = Symbol.for("coinsight.bench-meter");

/** The prototype in `obj`'s chain that defines `name`, if any. */
function owner(obj: object, name: string): Record<string, unknown> | null {
  for (let p: object | null = obj; p; p = Object.getPrototypeOf(p)) {
    if (Object.hasOwn(p, name)) return p as Record<string, unknown>;
  }
  return null;
}

/**
 * Counts every D1 query made in a metered context from now on (any binding of this runtime: the
 * prototype is shared). True when the runtime's D1 binding has the shape this relies on.
 */
export function meterD1(db: D1Database): boolean {
  const session = db.withSession("first-unconstrained") as unknown as object;
  const proto = owner(session, "_send");
  if (!proto || typeof proto._send !== "function") return false;
  if (proto[PATCHED as unknown as string]) return true;
  for (const name of ["_send", "_queryOrThrow"]) {
    const original = proto[name];
    if (typeof original !== "function") continue;
    proto[name] = async function (this: unknown, ...args: unknown[]) {
      const results = await (original as Sender).apply(this, args);
      count(results);
      return results;
    };
  }
  proto[PATCHED as unknown as string] = true;
  return true;
}

const KV_READS = new Set(["get", "getWithMetadata", "list"]);
const KV_WRITES = new Set(["put", "delete"]);

/** The KV binding with its reads (get, list) and writes (put, delete) counted in a metered context. */
export function meterKv(kv: KVNamespace): KVNamespace {
  return new Proxy(kv, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      const kind = KV_READS.has(String(name)) ? "kvReads" : KV_WRITES.has(String(name)) ? "kvWrites" : null;
      return (...args: unknown[]) => {
        const meter = current.getStore();
        if (meter && kind) meter[kind]++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
