import { PortError } from "#worker/ports/port.ts";
/** One post to the site's social account. */
export type SocialPost = {
  text: string;
  /** The same key twice posts once where the adapter can promise it (the outbox); X itself has no such key. */
  idempotencyKey: string;
  /** Labels kept with an offline post (the article id, ...). */
  tags?: Record<string, string>;
};

export type PostedSocial = { id: string | null };

/** The social port: the X API v2 when its user token is set, otherwise the outbox's `social` channel. */
export interface SocialPort {
  /** "x" or "outbox". */
  readonly source: "x" | "outbox";
  post(post: SocialPost): Promise<PostedSocial>;
}

/**
 * A post that failed. `refused` means X answered with a refusal (4xx), so nothing was posted and
 * trying again cannot duplicate it; otherwise (no answer, a timeout, a 5xx) it may have gone out.
 */
export class SocialError extends PortError {
  readonly refused: boolean;
  constructor(message: string, options: { refused: boolean; status?: number }) {
    super("SocialError", message, options.status);
    this.refused = options.refused;
  }
}

/** X counts every link as 23 characters (t.co), and a post holds 280. */
export const POST_MAX = 280;
const LINK_LENGTH = 23;

/** "{title}\n\n{url}", the title shortened with an ellipsis so the post fits. */
export function composePost(title: string, url: string): string {
  const room = POST_MAX - LINK_LENGTH - 2;
  const chars = [...title.trim()];
  const head =
    chars.length > room
      ? `${chars
          .slice(0, room - 1)
          .join("")
          .trimEnd()}…`
      : chars.join("");
  return `${head}\n\n${url}`;
}
