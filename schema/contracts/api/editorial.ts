import { articleSchema } from "../article.ts";
import { articlePreviewSchema, previewTokenParams } from "../article-meta.ts";
import {
  articleIdParam,
  articlePreviewBody,
  articleSaveBody,
  articleVersionDetailSchema,
  articleVersionListSchema,
  editableArticleSchema,
  editorialResultSchema,
  publishBody,
  restoreVersionBody,
  savedArticleSchema,
  trashListSchema,
  twitterPostResultSchema,
  versionParams,
} from "../editorial.ts";
import { startedRunsSchema } from "../newsroom.ts";
import { presenceQuery } from "../presence.ts";
import {
  articleScheduleAnswerSchema,
  scheduleBody,
  scheduledArticlesSchema,
  scheduledResultSchema,
  scheduleResumeSchema,
} from "../schedule.ts";
import { content, errors, json, noQuery, type RouteContract } from "./route-contract.ts";

/** The editors' desk: the article editor, versions, trash, publishing and posting (admins only). */
export const editorialContract = {
  getEditableArticle: {
    method: "GET",
    path: "/api/articles/:id/edit",
    summary: "An article as the editor edits it",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam, query: noQuery },
    responses: { 200: json("The article (content as HTML)", editableArticleSchema), ...errors(400, 401, 403, 404) },
  },
  openArticlePresence: {
    method: "GET",
    path: "/api/articles/:id/presence",
    summary: "Who else has the article open in the editor (a WebSocket)",
    description:
      "Upgrades to a WebSocket held by the article's presence object: it sends everyone who has the article open " +
      "(name, since when, viewing or editing) whenever that changes, and a `changed` message after a save, a restore, " +
      "a publication (by hand or by the schedule), the trash or a regenerate. The client says `state` (editing or viewing) " +
      "and `ping`. `revision`: the revision the editor shows, so a reconnecting editor hears of a change it missed. " +
      "Messages are `schema/contracts/presence.ts`. Admins only, from the site's own pages (Origin); a live article.",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam, query: presenceQuery },
    responses: { 101: content("Switching Protocols: the WebSocket", "websocket"), ...errors(400, 401, 403, 404, 426) },
  },
  saveArticle: {
    method: "PUT",
    path: "/api/articles/:id",
    summary: "Save an article (a new version)",
    description:
      "Refused with 409 when `revision` is not the article's current one (someone saved in between). An AI-written article is checked again with the claim check on every save; publishing it while sentences are held needs `override.reasons` (409 with the held reasons under `issues`, path `check`, otherwise; nothing is written).",
    tags: ["Admin: articles"],
    access: "admin",
    // The editor saves whole articles.
    maxBodyBytes: 512 * 1024,
    request: { params: articleIdParam, body: articleSaveBody },
    responses: { 200: json("The saved article", savedArticleSchema), ...errors(400, 401, 403, 404, 409, 413) },
  },
  trashArticle: {
    method: "DELETE",
    path: "/api/articles/:id",
    summary: "Move an article to the trash",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam },
    responses: { 200: json("Moved", editorialResultSchema), ...errors(400, 401, 403, 404, 413) },
  },
  listArticleVersions: {
    method: "GET",
    path: "/api/articles/:id/versions",
    summary: "An article's saved versions",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam, query: noQuery },
    responses: { 200: json("The current text, then the versions, newest first", articleVersionListSchema), ...errors(400, 401, 403, 404) },
  },
  getArticleVersion: {
    method: "GET",
    path: "/api/articles/:id/versions/:versionId",
    summary: "One saved version whole (the restore preview)",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: versionParams, query: noQuery },
    responses: { 200: json("The version with its content", articleVersionDetailSchema), ...errors(400, 401, 403, 404) },
  },
  restoreArticleVersion: {
    method: "POST",
    path: "/api/articles/:id/versions/:versionId/restore",
    summary: "Restore an earlier version",
    description:
      "No body, or `{revision}`: the revision the editor shows, so that a stale restore is refused (409). An AI-written article is checked again with the restored text; restoring held sentences into a published one needs `override.reasons` (409 with the reasons under `issues`, path `check`, otherwise).",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: versionParams, body: restoreVersionBody },
    responses: { 200: json("The article as restored", savedArticleSchema), ...errors(400, 401, 403, 404, 409, 413) },
  },
  listTrash: {
    method: "GET",
    path: "/api/admin/trash",
    summary: "Trashed articles",
    tags: ["Admin: articles"],
    access: "admin",
    request: { query: noQuery },
    responses: { 200: json("Trashed articles, newest first", trashListSchema), ...errors(400, 401, 403) },
  },
  restoreFromTrash: {
    method: "POST",
    path: "/api/admin/trash/:id/restore",
    summary: "Take an article out of the trash",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam },
    responses: { 200: json("Restored", editorialResultSchema), ...errors(400, 401, 403, 404, 409, 413) },
  },
  deleteForever: {
    method: "DELETE",
    path: "/api/admin/trash/:id",
    summary: "Delete a trashed article for good",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam },
    responses: { 200: json("Deleted", editorialResultSchema), ...errors(400, 401, 403, 404, 413) },
  },
  publishArticle: {
    method: "POST",
    path: "/api/admin/articles/:id/publish",
    summary: "Publish an article now",
    description:
      "An article the claim check holds is published only with `override.reasons`: the held reasons the editor confirmed (409 with the current reasons under `issues`, path `check`, otherwise). The override is recorded with the editor and the time.",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam, body: publishBody },
    responses: { 200: json("Published", editorialResultSchema), ...errors(400, 401, 403, 404, 409, 413) },
  },
  regenerateArticle: {
    method: "POST",
    path: "/api/admin/articles/:id/regenerate",
    summary: "Write a held article again",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam },
    responses: { 202: json("The run it started", startedRunsSchema), ...errors(400, 401, 403, 404, 409, 413) },
  },
  postToTwitter: {
    method: "POST",
    path: "/api/admin/articles/:id/post-twitter",
    summary: "Post a published article to X (or the outbox offline)",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam },
    responses: { 200: json("Posted", twitterPostResultSchema), ...errors(400, 401, 403, 404, 409, 413, 429) },
  },
  getArticleSchedule: {
    method: "GET",
    path: "/api/articles/:id/schedule",
    summary: "An article's scheduled publication",
    description:
      "`schedule` is null when none is set (or it was carried out or cancelled). Its `state` is read from the Workflow instance that carries it out: `scheduled`, `held` (the publish check held the article at its time: `reasons`), or `failed` (`message`).",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam, query: noQuery },
    responses: { 200: json("The schedule, or null", articleScheduleAnswerSchema), ...errors(400, 401, 403, 404) },
  },
  scheduleArticle: {
    method: "PUT",
    path: "/api/articles/:id/schedule",
    summary: "Schedule an article's publication (replaces any earlier schedule)",
    description:
      "At `publishAt` the article is published through the desk's own publish path (the claim check of an AI-written article included); if the check holds it, it is not published and the schedule's state becomes `held`. 400 for a time that has passed or more than 365 days ahead; 409 for an article already published.",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam, body: scheduleBody },
    responses: { 200: json("Scheduled", scheduledResultSchema), ...errors(400, 401, 403, 404, 409, 413) },
  },
  cancelArticleSchedule: {
    method: "DELETE",
    path: "/api/articles/:id/schedule",
    summary: "Cancel an article's scheduled publication",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: articleIdParam },
    responses: { 200: json("Cancelled", editorialResultSchema), ...errors(400, 401, 403, 404, 413) },
  },
  previewArticle: {
    method: "POST",
    path: "/api/admin/articles/:id/preview",
    summary: "Keep the editor's unsaved form for a preview on the site",
    description:
      "Nothing is saved: the form is sanitised as a save would be and kept for 10 minutes under a random token. The preview page (`/preview/:token`) reads it through `getArticlePreview`, admins only.",
    tags: ["Admin: articles"],
    access: "admin",
    maxBodyBytes: 512 * 1024,
    request: { params: articleIdParam, body: articlePreviewBody },
    responses: { 200: json("Where to see it", articlePreviewSchema), ...errors(400, 401, 403, 404, 413) },
  },
  getArticlePreview: {
    method: "GET",
    path: "/api/admin/previews/:token",
    summary: "An unsaved article as readers would see it (the preview page)",
    tags: ["Admin: articles"],
    access: "admin",
    request: { params: previewTokenParams, query: noQuery },
    responses: { 200: json("The article as the reader's page shows it", articleSchema), ...errors(400, 401, 403, 404) },
  },
  listScheduledArticles: {
    method: "GET",
    path: "/api/admin/scheduled-articles",
    summary: "Every scheduled publication, soonest first",
    tags: ["Admin: articles"],
    access: "admin",
    request: { query: noQuery },
    responses: { 200: json("Scheduled articles", scheduledArticlesSchema), ...errors(400, 401, 403) },
  },
  resumeSchedules: {
    method: "POST",
    path: "/api/dev/schedules/resume",
    summary: "Restart every waiting scheduled publication (development and test only)",
    description:
      "`npm start` calls it once: the local Workflows engine does not wake an instance that slept through a stop. Answers 404 anywhere else.",
    tags: ["Local development"],
    access: "public",
    responses: { 200: json("How many instances were restarted", scheduleResumeSchema), ...errors(403, 404, 413) },
  },
} as const satisfies Record<string, RouteContract>;
