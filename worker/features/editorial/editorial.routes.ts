import { type Context, Hono, type MiddlewareHandler } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import { adminArticleQuery } from "#schema/contracts/editorial.ts";
import { type DepsFactory, defaultDeps } from "#worker/features/newsroom/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { currentUser, resolveUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { localOnly } from "#worker/lib/local-only.ts";
import { contractRoutes, mountedPath, route } from "#worker/lib/route.ts";
import { fromSitePage } from "#worker/lib/same-origin.ts";
import { invalid } from "#worker/lib/validate.ts";
import { createSocial } from "#worker/ports/social/create-social.ts";
import { adminArticlePage } from "./article-admin-store.ts";
import { clearDraft, deleteDraft, getDraft, putDraft } from "./drafts.service.ts";
import { getEditable, liveArticle, restoreVersion, saveArticle } from "./editor.service.ts";
import { deleteForever, listTrash, moveToTrash, publishNow, restoreFromTrash } from "./lifecycle.service.ts";
import { type ChangeNote, changedBy, presenceOf, presenceUser, tellEditors } from "./presence.ts";
import { createPreview, readPreview } from "./preview.service.ts";
import { regenerateArticle } from "./regenerate.service.ts";
import { cancelSchedule, getSchedule, listScheduled, setSchedule } from "./schedule.service.ts";
import { resumeAll } from "./schedule-store.ts";
import { postToTwitter } from "./twitter.service.ts";
import { getVersion, listVersions } from "./versions.service.ts";

const PRIVATE = "private, no-store";
const {
  openArticlePresence,
  getEditableArticle,
  saveArticle: save,
  trashArticle,
  listArticleVersions,
  getArticleVersion,
  restoreArticleVersion: restore,
  listTrash: trash,
  restoreFromTrash: untrash,
  deleteForever: erase,
  publishArticle,
  regenerateArticle: regenerate,
  postToTwitter: post,
  getArticleSchedule,
  scheduleArticle,
  cancelArticleSchedule,
  listScheduledArticles,
  previewArticle,
  getArticlePreview,
  getArticleDraft,
  saveArticleDraft,
  deleteArticleDraft,
} = apiContract;
const db = (c: Context<AppEnv>) => getDb(c.env.DB);

/** After the answer: the article's open editors hear of the change (best-effort: the 409 stays the safety net). */
function tellLater(c: Context<AppEnv>, articleId: number, note: Omit<ChangeNote, "by">): void {
  c.executionCtx.waitUntil(tellEditors(c.env, articleId, { ...note, by: changedBy(currentUser(c)) }));
}

/**
 * The admin list at GET /api/articles?page=...: answers an admin with the private list (straight from
 * D1: never from or into the public KV cache) and passes everyone else on to the public list, unchanged.
 */
const adminArticleList: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Only the spec's paged call (?page=...) is the admin list: the public pages' own list calls
  // (no page, or a kind) stay public for admins too, so /news never shows them drafts.
  const query = c.req.query();
  if (c.req.method !== "GET" || query.page === undefined || query.kind !== undefined) return next();
  const user = await resolveUser(c);
  if (user?.role !== "admin") return next();
  const parsed = adminArticleQuery.safeParse(query);
  if (!parsed.success) throw invalid("query", parsed.error);
  c.header("cache-control", PRIVATE);
  return c.json(await adminArticlePage(db(c), parsed.data), 200);
};

/**
 * Mounted before the public content routes, so the admin list, at the public list's own path, is
 * tried first. The editor's calls are admin-only.
 */
export const editorialArticleRoutes = new Hono<AppEnv>().use(mountedPath(apiContract.listArticles), adminArticleList).route(
  "/",
  contractRoutes(
    route(openArticlePresence, async (c) => {
      // Checked in this order after the admin guard: a plain GET is told what the route is, before anything else.
      if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
        throw new ApiError("UPGRADE_REQUIRED", "This route opens a WebSocket: send Upgrade: websocket.");
      if (!fromSitePage(c)) throw new ApiError("FORBIDDEN", "Presence is for this site's own editor.");
      const { id } = c.req.valid("param");
      const row = await liveArticle(db(c), id);
      const { revision } = c.req.valid("query");
      const headers = new Headers({
        upgrade: "websocket",
        "x-presence-user": encodeURIComponent(JSON.stringify(presenceUser(currentUser(c)))),
        "x-article-revision": String(row.revision),
        "x-request-id": c.get("requestId") ?? "unknown",
      });
      if (revision !== undefined) headers.set("x-presence-revision", String(revision));
      const res = await presenceOf(c.env, id).fetch("https://article-presence/connect", { headers });
      // A fresh Response: the object's headers are immutable, and the app's middleware adds its own.
      return new Response(res.body, { status: res.status, headers: res.headers, webSocket: res.webSocket });
    }),
    route(getEditableArticle, async (c) => c.json(await getEditable(db(c), c.req.valid("param").id), 200)),
    route(save, async (c) => {
      const user = currentUser(c);
      const { id } = c.req.valid("param");
      const saved = await saveArticle(db(c), c.env, id, c.req.valid("json"), { id: user.id, email: user.email });
      await clearDraft(db(c), id, user.id);
      const { revision, status, updatedAt: at } = saved.article;
      tellLater(c, id, { kind: "saved", revision, status, at });
      return c.json(saved, 200);
    }),
    route(getArticleDraft, async (c) => c.json(await getDraft(db(c), c.req.valid("param").id, currentUser(c).id), 200)),
    route(saveArticleDraft, async (c) =>
      c.json(await putDraft(db(c), c.req.valid("param").id, currentUser(c).id, c.req.valid("json")), 200),
    ),
    route(deleteArticleDraft, async (c) => c.json(await deleteDraft(db(c), c.req.valid("param").id, currentUser(c).id), 200)),
    route(trashArticle, async (c) => {
      const { id } = c.req.valid("param");
      const done = await moveToTrash(db(c), c.env, id, currentUser(c).id);
      tellLater(c, id, { kind: "trashed" });
      return c.json(done, 200);
    }),
    route(getArticleSchedule, async (c) => c.json(await getSchedule(db(c), c.env, c.req.valid("param").id), 200)),
    route(scheduleArticle, async (c) => {
      const { id } = c.req.valid("param");
      const schedule = await setSchedule(db(c), c.env, id, c.req.valid("json").publishAt, currentUser(c).id);
      return c.json({ success: true as const, message: `Scheduled for ${schedule.publishAt}`, schedule }, 200);
    }),
    route(cancelArticleSchedule, async (c) => c.json(await cancelSchedule(db(c), c.env, c.req.valid("param").id), 200)),
    route(listArticleVersions, async (c) => c.json(await listVersions(db(c), c.req.valid("param").id), 200)),
    route(getArticleVersion, async (c) => {
      const { id: articleId, versionId } = c.req.valid("param");
      return c.json(await getVersion(db(c), articleId, versionId), 200);
    }),
    route(
      restore,
      async (c) => {
        // No body, or {revision}: the editor sends the revision it shows so a stale restore is refused.
        const text = await c.req.text();
        const body = restore.request.body.safeParse(text ? safeJson(text) : {});
        const expected = body.success ? body.data : {};
        const { id: articleId, versionId } = c.req.valid("param");
        const user = currentUser(c);
        const saved = await restoreVersion(db(c), c.env, articleId, versionId, { id: user.id, email: user.email }, expected);
        const { revision, status, updatedAt: at } = saved.article;
        tellLater(c, articleId, { kind: "restored", revision, status, at });
        return c.json(saved, 200);
      },
      { skipValidation: ["body"] },
    ),
  ),
);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The desk's calls under /api/admin (behind `requireAdmin` there): trash, the scheduled list, publish, regenerate, post to X. */
export function createEditorialAdminRoutes(makeDeps: DepsFactory = defaultDeps) {
  return contractRoutes(
    route(trash, async (c) => c.json(await listTrash(db(c)), 200)),
    route(previewArticle, async (c) => {
      c.header("cache-control", PRIVATE);
      return c.json(await createPreview(db(c), c.env, c.req.valid("param").id, c.req.valid("json")), 200);
    }),
    route(getArticlePreview, async (c) => {
      c.header("cache-control", PRIVATE);
      return c.json(await readPreview(c.env, c.req.valid("param").token), 200);
    }),
    route(listScheduledArticles, async (c) => c.json(await listScheduled(db(c), c.env), 200)),
    route(untrash, async (c) => {
      const { id } = c.req.valid("param");
      const done = await restoreFromTrash(db(c), c.env, id);
      tellLater(c, id, { kind: "untrashed" });
      return c.json(done, 200);
    }),
    route(erase, async (c) => c.json(await deleteForever(db(c), c.env, c.req.valid("param").id), 200)),
    route(
      publishArticle,
      async (c) => {
        // No body (nothing holds the article), or {override}: the held reasons the editor confirmed.
        const text = await c.req.text();
        const body = publishArticle.request.body.safeParse(text ? safeJson(text) : {});
        if (!body.success) throw invalid("body", body.error);
        const user = currentUser(c);
        const editor = { id: user.id, email: user.email };
        const { id } = c.req.valid("param");
        const done = await publishNow(db(c), c.env, id, body.data.override, editor);
        tellLater(c, id, { kind: "published" });
        return c.json(done, 200);
      },
      { skipValidation: ["body"] },
    ),
    route(regenerate, async (c) => {
      const deps = makeDeps(c.env, (p) => c.executionCtx.waitUntil(p));
      const { id } = c.req.valid("param");
      const started = await regenerateArticle(deps, id);
      tellLater(c, id, { kind: "regenerated" });
      return c.json(started, 202);
    }),
    route(post, async (c) => {
      const origin = c.env.PUBLIC_ORIGIN || new URL(c.req.url).origin;
      return c.json(await postToTwitter(db(c), createSocial(c.env), c.req.valid("param").id, origin), 200);
    }),
  );
}

export const editorialAdminRoutes = createEditorialAdminRoutes();

/** Local-only: `npm start` re-arms the scheduled publications the last run's engine left sleeping. */
export const editorialDevRoutes = contractRoutes([
  localOnly,
  route(apiContract.resumeSchedules, async (c) => c.json({ resumed: await resumeAll(db(c), c.env) }, 200)),
]);
