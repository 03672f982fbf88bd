import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { projectRoot } from "../lib/wrangler.ts";

type Bindings = { d1Databases: Record<string, { id: string }>; kvNamespaces: Record<string, { id: string }> };
/** What the e2e files use of the D1 and KV bindings (Miniflare's own types name the workerd ones). */
type Statement = { all(): Promise<{ results: unknown[] }>; bind(...values: unknown[]): Statement };
type Db = { prepare(sql: string): Statement; batch(statements: Statement[]): Promise<{ results?: unknown[] }[]> };
type Kv = { put(key: string, value: string): Promise<void>; delete(key: string): Promise<void> };

/**
 * A local D1 and KV state that no site serves yet, opened the way `wrangler d1 execute --local` opens them (a
 * Miniflare on the persisted files, with the ids wrangler.toml gives) but once, not once per statement: the e2e
 * setup migrates and seeds through it before it starts the site. Once a site serves the files, nothing opens them
 * beside it: a second process takes SQLite's lock and the site's own queries answer "busy" at once. Journeys reach
 * a served site's state through the site (site-state.ts).
 */
type LocalState = { db: Db; kv: Kv; dispose: () => Promise<void> };

/** The ids wrangler.toml gives the local D1 and KV: wrangler names their persisted files after them. */
type LocalBindings = { db: string; kv: string };

/** Read through wrangler's own reading of wrangler.toml. */
async function localBindings(): Promise<LocalBindings> {
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(projectRoot, "wrangler.toml"));
  const { d1Databases, kvNamespaces } = workerOptions as unknown as Bindings;
  return { db: d1Databases.DB?.id ?? "DB", kv: kvNamespaces.KV?.id ?? "KV" };
}

export async function localState(dir: string): Promise<LocalState> {
  const { db: dbId, kv: kvId } = await localBindings();
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
