import type { AuthUser } from "#schema/contracts/auth.ts";
import type { ArticleChange } from "#schema/contracts/presence.ts";
import { getDb } from "#worker/lib/db.ts";
import { logger } from "#worker/lib/log.ts";
import { findArticle } from "./article-admin-store.ts";
import type { PresenceUser } from "./article-presence.ts";

/** The presence object of one article: one per article, named by its id. */
export function presenceOf(env: Env, articleId: number) {
  return env.ARTICLE_PRESENCE.get(env.ARTICLE_PRESENCE.idFromName(String(articleId)));
}

/** How the desk names an admin: their name, else their address. */
export function presenceUser(user: Pick<AuthUser, "id" | "email" | "firstName" | "lastName">): PresenceUser {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
  return { userId: user.id, name, email: user.email };
}

/** Who made a change, as the open editors are told. */
export function changedBy(user: Pick<AuthUser, "id" | "email" | "firstName" | "lastName">): ArticleChange["by"] {
  const { userId, name } = presenceUser(user);
  return { userId, name };
}

/** What a change says; the revision and status are read from the row after the commit when the writer does not know them. */
export type ChangeNote = Omit<ArticleChange, "revision" | "status" | "at"> & Partial<Pick<ArticleChange, "revision" | "status" | "at">>;

/**
 * Tells the article's open editors that it changed. Called after the change is committed and never
 * fails the write: a lost notice leaves the revision check (409) as the safety net.
 */
export async function tellEditors(env: Env, articleId: number, note: ChangeNote): Promise<void> {
  try {
    let { revision, status } = note;
    const gone = note.kind === "trashed" || note.kind === "regenerated";
    if (!gone && (revision === undefined || status === undefined)) {
      const row = await findArticle(getDb(env.DB), articleId);
      revision ??= row?.revision ?? null;
      status ??= row?.status ?? null;
    }
    const change: ArticleChange = {
      kind: note.kind,
      by: note.by,
      revision: gone ? null : (revision ?? null),
      status: gone ? null : (status ?? null),
      at: note.at ?? new Date().toISOString(),
    };
    await presenceOf(env, articleId).notify(change);
  } catch (err) {
    logger("editorial").warn("presence notice failed", { articleId, kind: note.kind, error: err });
  }
}
