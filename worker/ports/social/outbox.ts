import type { Db } from "#worker/lib/db.ts";
import { writeOutbox } from "#worker/ports/outbox.ts";
import type { SocialPort } from "./social.ts";

/** Who offline posts are addressed to in the outbox. */
export const OFFLINE_ACCOUNT = "@coinsight (offline)";

/** The offline social adapter: a post becomes an `outbox` row (channel "social"); the same key keeps one row. */
export function createOutboxSocial(db: Db): SocialPort {
  return {
    source: "outbox",
    async post(post) {
      const [id] = await writeOutbox(db, [
        { channel: "social", recipient: OFFLINE_ACCOUNT, text: post.text, tags: post.tags ?? {}, idempotencyKey: post.idempotencyKey },
      ]);
      return { id: `outbox-${id}` };
    },
  };
}
