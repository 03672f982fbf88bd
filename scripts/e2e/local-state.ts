import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { projectRoot } from "../lib/wrangler.ts";

type Bindings = { d1Databases: Record<string, { id: string }>; kvNamespaces: Record<string, { id: string }> };
/** What the e2e files use of the D1 and KV bindings (Miniflare's own types name the workerd ones). */
type Statement = { all(): Promise<{ results: unknown[] }>; bind(...values: unknown[]): Statement };
type Db = { prepare(sql: string): Statement; batch(statements: Statement[]): Promise<{ results?: unknown[] }[]> };
type Kv = { put(key: string, value: string): Promise<void>; delete(key: string): Promise<void> };

/**
 * The local D1 and KV of a served site, opened the way `wrangler d1 execute --local` opens them (a Miniflare on
 * the same persisted files, with the ids wrangler.toml gives), but once per directory instead of once per
 * statement: each `wrangler d1 execute` starts Node, wrangler and a workerd, seconds on a loaded machine.
 */
export type LocalState = { db: Db; kv: Kv; dispose: () => Promise<void> };

/** The ids wrangler.toml gives the local D1 and KV: wrangler names their persisted files after them. */
export type LocalBindings = { db: string; kv: string };

/**
 * Read through wrangler's own reading of wrangler.toml. Importing wrangler costs over a second of CPU,
 * so the e2e setup reads the ids once and hands them to the files (`inject("localBindings")`).
 */
export async function localBindings(): Promise<LocalBindings> {
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(projectRoot, "wrangler.toml"));
  const { d1Databases, kvNamespaces } = workerOptions as unknown as Bindings;
  return { db: d1Databases.DB?.id ?? "DB", kv: kvNamespaces.KV?.id ?? "KV" };
}

export async function localState(dir: string, ids?: LocalBindings): Promise<LocalState> {
  const { db: dbId, kv: kvId } = ids ?? (await localBindings());
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "",
      resourcePersistencePath: join(dir, "v3"),
      d1Databases: { DB: dbId },
      kvNamespaces: { KV: kvId },
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const [db, kv] = await Promise.all([mf.getD1Database("DB"), mf.getKVNamespace("KV")]);
  return { db: db as unknown as Db, kv: kv as unknown as Kv, dispose: () => mf.dispose() };
}

// A second workerd on the files of a running `wrangler dev` can meet its write lock, and SQLite answers at
// once instead of waiting (scripts/lib/busy-retry.ts): the lock lasts milliseconds, so wait and try again.
const BUSY = /SQLITE_BUSY|database is locked|commit token/;
export async function whileBusy<T>(run: () => Promise<T>): Promise<T> {
  for (const delay of [100, 250, 500, 1000, 2000, 0]) {
    try {
      return await run();
    } catch (error) {
      if (delay === 0 || !BUSY.test(String(error) + String((error as Error).cause ?? ""))) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  throw new Error("unreachable");
}
