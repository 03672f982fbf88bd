import { afterEach, describe, expect, it, vi } from "vitest";
import duplicateContent from "./fixtures/duplicate-content.json";
import serviceUnavailable from "./fixtures/service-unavailable.json";
import tweetCreated from "./fixtures/tweet-created.json";
import unauthorized from "./fixtures/unauthorized.json";
import { composePost, POST_MAX, SocialError } from "./social.ts";
import { createXSocial } from "./x.ts";

function replay(body: unknown, status: number) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

const x = () => createXSocial({ accessToken: "user-token-123" });
const post = { text: "Bitcoin holds steady\n\nhttps://coinsight.news/article/btc", idempotencyKey: "x-post/article/7" };

afterEach(() => vi.restoreAllMocks());

describe("X API v2 social adapter", () => {
  it("posts the text with the user token and returns the post id", async () => {
    const spy = replay(tweetCreated, 201);
    expect(await x().post(post)).toEqual({ id: "1861446393402249582" });
    const [url, init = {}] = spy.mock.calls[0] ?? [];
    expect(url).toBe("https://api.x.com/2/tweets");
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer user-token-123");
    expect(JSON.parse(String(init.body))).toEqual({ text: post.text });
  });

  it("turns a refusal (4xx) into a SocialError that says nothing was posted", async () => {
    replay(duplicateContent, 403);
    const err = await x()
      .post(post)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SocialError);
    expect((err as SocialError).refused).toBe(true);
    expect((err as SocialError).message).toBe("X answered 403: You are not allowed to create a Tweet with duplicate content.");

    vi.restoreAllMocks();
    replay(unauthorized, 401);
    expect(
      await x()
        .post(post)
        .catch((e: SocialError) => [e.refused, e.status]),
    ).toEqual([true, 401]);
  });

  it("treats an outage or no answer as uncertain (not refused)", async () => {
    replay(serviceUnavailable, 503);
    expect(
      await x()
        .post(post)
        .catch((e: SocialError) => e.refused),
    ).toBe(false);
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("network down"));
    const err = (await x()
      .post(post)
      .catch((e: unknown) => e)) as SocialError;
    expect([err.refused, err.message]).toEqual([false, "X unreachable: network down"]);
  });

  it("keeps a post within 280 characters, counting the link as 23", () => {
    const text = composePost("B".repeat(400), "https://coinsight.news/article/a-very-long-slug-that-x-shortens-anyway");
    const [head = ""] = text.split("\n\n");
    expect(head.length + 2 + 23).toBeLessThanOrEqual(POST_MAX);
    expect(head.endsWith("…")).toBe(true);
    expect(composePost("Short title", "https://x.test/a")).toBe("Short title\n\nhttps://x.test/a");
  });
});
