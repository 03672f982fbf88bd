import { and, eq, isNull, lt, or } from "drizzle-orm";
import { articlePath } from "#schema/contracts/article-rules.ts";
import { ALREADY_POSTED_MESSAGE, type TwitterPostResult } from "#schema/contracts/editorial.ts";
import { articles } from "#schema/db/content.ts";
import type { Db } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { logger } from "#worker/lib/log.ts";
import { composePost, SocialError, type SocialPort } from "#worker/ports/social/social.ts";
import { liveArticle } from "./editor.service.ts";

const log = logger("editorial");

/**
 * How long a claim whose outcome is unknown (no answer from X, or a 5xx) blocks another attempt:
 * long enough for an admin to look at the account before a retry could post a second copy.
 */
export const UNCERTAIN_CLAIM_MS = 15 * 60_000;
/** `twitter_post_id` while a claim's outcome is unknown (a later successful post replaces it). */
const UNCERTAIN = "";

/**
 * POST /api/admin/articles/{id}/post-twitter. At most once per article: a conditional update
 * claims the article before anything is sent, so of two admins clicking together one posts and the
 * other is told it is already posted. A refusal by X releases the claim (nothing went out); an
 * uncertain failure keeps it for UNCERTAIN_CLAIM_MS (docs/decisions/editorial).
 */
export async function postToTwitter(db: Db, social: SocialPort, id: number, origin: string): Promise<TwitterPostResult> {
  const row = await liveArticle(db, id);
  if (row.twitterPosted) throw new ApiError("CONFLICT", ALREADY_POSTED_MESSAGE);
  if (row.status !== "published") throw new ApiError("BAD_REQUEST", "Publish the article before posting it to Twitter.");
  const now = Date.now();
  const [claimed] = await db
    .update(articles)
    .set({ twitterClaimedAt: new Date(now).toISOString() })
    .where(
      and(
        eq(articles.id, id),
        eq(articles.twitterPosted, false),
        or(isNull(articles.twitterClaimedAt), lt(articles.twitterClaimedAt, new Date(now - UNCERTAIN_CLAIM_MS).toISOString())),
      ),
    )
    .returning({ id: articles.id });
  if (!claimed) {
    // Posted, or being posted by another click right now: either way this click posts nothing.
    const again = await liveArticle(db, id);
    if (again.twitterPostId !== UNCERTAIN) throw new ApiError("CONFLICT", ALREADY_POSTED_MESSAGE);
    throw new ApiError(
      "CONFLICT",
      "A post of this article to Twitter is in progress or its outcome is unknown. Check the account before trying again in 15 minutes.",
    );
  }
  const url = new URL(articlePath(row), origin).toString();
  try {
    const posted = await social.post({
      text: composePost(row.title, url),
      idempotencyKey: `x-post/article/${id}`,
      tags: { article: String(id), slug: row.slug },
    });
    await db.update(articles).set({ twitterPosted: true, twitterPostId: posted.id, twitterClaimedAt: null }).where(eq(articles.id, id));
    return { success: true, message: "Posted to Twitter", postId: posted.id, channel: social.source };
  } catch (err) {
    if (err instanceof SocialError && err.refused) {
      await db.update(articles).set({ twitterClaimedAt: null }).where(eq(articles.id, id));
      log.warn("X refused the post", { articleId: id, error: err });
      if (err.status === 429) throw new ApiError("RATE_LIMITED", "Twitter's rate limit was reached. Try again later.");
      throw new ApiError("INTERNAL", `Twitter refused the post: ${err.message}`);
    }
    await db.update(articles).set({ twitterPostId: UNCERTAIN }).where(eq(articles.id, id));
    log.error("X did not confirm the post; marked uncertain", { articleId: id, error: err });
    throw new ApiError("INTERNAL", "Twitter did not confirm the post. Check the account before trying again in 15 minutes.");
  }
}
