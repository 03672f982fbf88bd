import type { Context } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { getDb } from "#worker/lib/db.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { bumpContentVersion } from "./invalidate.ts";
import { deleteTag, listAdminTags, mergeTag, renameTag } from "./tags-admin.ts";

const { listTags, renameTag: rename, mergeTag: merge, deleteTag: remove } = apiContract;
const db = (c: Context<AppEnv>) => getDb(c.env.DB);

/** The desk's Tags tab; mounted under /api/admin behind `requireAdmin`. Readers see a change at once. */
export const editorialTagRoutes = contractRoutes(
  route(listTags, async (c) => {
    c.header("cache-control", "private, no-store");
    return c.json(await listAdminTags(db(c)), 200);
  }),
  route(rename, async (c) => {
    const { tagId } = c.req.valid("param");
    const done = await renameTag(db(c), tagId, c.req.valid("json").name);
    await bumpContentVersion(c.env, { tagId });
    return c.json(done, 200);
  }),
  route(merge, async (c) => {
    const { tagId } = c.req.valid("param");
    const done = await mergeTag(db(c), tagId, c.req.valid("json").into);
    await bumpContentVersion(c.env, { tagId });
    return c.json(done, 200);
  }),
  route(remove, async (c) => {
    const { tagId } = c.req.valid("param");
    const done = await deleteTag(db(c), tagId);
    await bumpContentVersion(c.env, { tagId });
    return c.json(done, 200);
  }),
);
