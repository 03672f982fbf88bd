import { type ArticleDraft, articleDraftSchema } from "#schema/contracts/article-draft.ts";

/**
 * The browser's copy of an autosaved form (docs/decisions/editorial/autosave-and-recovery.md), per
 * admin and article: written first, so a server that cannot be reached loses nothing. Storage that is
 * full or switched off answers false, and the status line says so.
 */
const keyOf = (userId: string, articleId: number) => `coinsight:article-draft:${userId}:${articleId}`;

export function readLocalDraft(userId: string, articleId: number): ArticleDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(userId, articleId));
    const parsed = raw ? articleDraftSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(userId: string, articleId: number, draft: ArticleDraft): boolean {
  try {
    localStorage.setItem(keyOf(userId, articleId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalDraft(userId: string, articleId: number): void {
  try {
    localStorage.removeItem(keyOf(userId, articleId));
  } catch {
    // Storage switched off: there is nothing to clear.
  }
}
