import { z } from "zod";
import { SocialError, type SocialPort } from "./social.ts";

export type XOptions = {
  /** An OAuth 2.0 user access token of the site's account, with the tweet.write scope. */
  accessToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const ENDPOINT = "https://api.x.com/2/tweets";
const createdSchema = z.object({ data: z.object({ id: z.string(), text: z.string().optional() }) });
/** X API v2 problem details (RFC 7807 shape). */
const problemSchema = z.object({ title: z.string().optional(), detail: z.string().optional() });

/** The live social adapter: X API v2 `POST /2/tweets` with the account's user token. */
export function createXSocial(options: XOptions): SocialPort {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    source: "x",
    async post(post) {
      let res: Response;
      try {
        res = await doFetch(ENDPOINT, {
          method: "POST",
          headers: {
            authorization: `Bearer ${options.accessToken}`,
            "content-type": "application/json",
            "user-agent": "Coinsight/1.0",
          },
          body: JSON.stringify({ text: post.text }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (err) {
        // No answer: the post may have reached X.
        throw new SocialError(`X unreachable: ${(err as Error).message}`, { refused: false });
      }
      const json = (await res.json().catch(() => null)) as unknown;
      if (res.ok) {
        const created = createdSchema.safeParse(json);
        // Accepted (2xx) even if the body is odd: the post is out, only its id is unknown.
        return { id: created.success ? created.data.data.id : null };
      }
      const problem = problemSchema.safeParse(json);
      const detail = problem.success ? (problem.data.detail ?? problem.data.title ?? res.statusText) : res.statusText;
      throw new SocialError(`X answered ${res.status}: ${detail}`, { refused: res.status >= 400 && res.status < 500, status: res.status });
    },
  };
}
