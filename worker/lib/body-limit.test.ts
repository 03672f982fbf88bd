import { describe, expect, it } from "vitest";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { call } from "#worker/test/http.ts";

const KB = 1024;
const json = (bytes: number) => JSON.stringify({ email: `${"a".repeat(Math.max(0, bytes - 30))}@example.com` });

function send(method: string, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return call(path, { method, headers: { "content-type": "application/json", ...headers }, body });
}

async function expectTooLarge(res: Response) {
  expect(res.status).toBe(413);
  const body = (await res.json()) as ErrorBody;
  expect(body.error.code).toBe("PAYLOAD_TOO_LARGE");
  expect(typeof body.error.requestId).toBe("string");
}

describe("request body limits", () => {
  it("refuses a write over 16 KB with 413 in the error shape, from its Content-Length, before reading it", async () => {
    await expectTooLarge(await send("POST", "/api/newsletter/subscribe", json(17 * KB)));
    // A claimed 95 MB body is refused on the header alone.
    const huge = await call("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(95 * KB * KB) },
      body: "{}",
    });
    expect(huge.status).toBe(413);
  });

  it("counts a streamed body without Content-Length too", async () => {
    const chunk = new TextEncoder().encode("x".repeat(8 * KB));
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const res = await call("/api/watchlist", {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectTooLarge(res);
  });

  it("lets a small write through to validation", async () => {
    const res = await send("POST", "/api/newsletter/subscribe", JSON.stringify({ email: "" }), { "cf-connecting-ip": "198.51.100.99" });
    expect(res.status).toBe(400);
  });

  it("allows the article editor 512 KB and the Stripe webhook 64 KB, and no more", async () => {
    const big = "x".repeat(300 * KB);
    expect((await send("PUT", "/api/articles/42", big)).status).not.toBe(413);
    await expectTooLarge(await send("PUT", "/api/articles/42", "x".repeat(513 * KB)));
    // Only PUT on exactly that path gets the allowance.
    await expectTooLarge(await send("POST", "/api/articles/42", big));
    await expectTooLarge(await send("PUT", "/api/articles/42/extra", big));
    expect((await send("POST", "/api/webhooks/stripe", "x".repeat(60 * KB))).status).not.toBe(413);
    await expectTooLarge(await send("POST", "/api/webhooks/stripe", "x".repeat(65 * KB)));
  });
});
