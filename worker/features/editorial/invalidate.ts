import { invalidateContentCache } from "#worker/features/content/index.ts";
import { renderArticleAheadLater } from "#worker/features/pages/index.ts";
import { logger } from "#worker/lib/log.ts";

/**
 * Every editorial write that readers can see (publish, unpublish, edit, trash, restore, delete)
 * drops the cached lists, feeds, sitemap and article pages at once; search reads D1 live. KV takes
 * one write per key per second, so a refused bump is tried once more a second later; the article
 * itself is already saved, so a bump that still fails is logged, never turned into a failed save.
 * Then the article's page (and `/`) is rendered for readers after the answer (pages/render-ahead.ts).
 */
export async function invalidateNow(env: Env, articleId: number): Promise<void> {
  // Under the old version, a page rendered now would be kept under a key that says older content.
  if (await bumpContentVersion(env, { articleId })) renderArticleAheadLater(env, articleId);
}

/** The content version bumped (tried twice, a second apart); false, logged, when KV refused both. */
export async function bumpContentVersion(env: Env, about: Record<string, unknown>): Promise<boolean> {
  try {
    await invalidateContentCache(env);
    return true;
  } catch {
    await new Promise((r) => setTimeout(r, 1100));
    return invalidateContentCache(env).then(
      () => true,
      (err) => {
        logger("editorial").warn("content cache invalidation failed", { ...about, error: err });
        return false;
      },
    );
  }
}
