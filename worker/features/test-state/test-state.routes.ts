import { apiContract } from "#schema/contracts/api/index.ts";
import { invalidateContentCache } from "#worker/features/content/index.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { localOnly } from "#worker/lib/local-only.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";

/**
 * POST /api/dev/d1: the end-to-end harness arranges and reads state through the site it tests. A second
 * process on the same SQLite files (as `wrangler d1 execute` opens them) takes the database's lock while
 * the site serves, and SQLite answers the site's own queries "busy" at once: they answered 500. Through
 * this route every statement runs in the site's own workerd, one at a time with the site's queries.
 */
export const testStateRoutes = contractRoutes([
  localOnly,
  route(apiContract.devTestState, async (c) => {
    const { statements, invalidateContent } = c.req.valid("json");
    const db = c.env.DB;
    let results: D1Result<Record<string, unknown>>[];
    try {
      results = await db.batch<Record<string, unknown>>(statements.map(({ sql, params }) => db.prepare(sql).bind(...params)));
    } catch (error) {
      // Whatever the harness sent, SQLite's own words say what was wrong with it.
      throw new ApiError("BAD_REQUEST", `SQLite refused a statement: ${error instanceof Error ? error.message : String(error)}`);
    }
    // As the editor's saves do: readers of every cache (KV lists, pages) see the change at once.
    if (invalidateContent) await invalidateContentCache(c.env);
    return c.json({ results: results.map((r) => r.results ?? []) }, 200);
  }),
]);
