import { afterEach, describe, expect, it, vi } from "vitest";
import applicationError from "./fixtures/application-error.json";
import batchSent from "./fixtures/batch-sent.json";
import emailSent from "./fixtures/email-sent.json";
import idempotencyConflict from "./fixtures/idempotency-conflict.json";
import rateLimit from "./fixtures/rate-limit.json";
import validationError from "./fixtures/validation-error.json";
import { MailError, type MailMessage } from "./mail.ts";
import { createResendMail } from "./resend.ts";

// Answers in the shapes of Resend's API reference (docs/data.md).
function replay(body: unknown, status = 200) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

const mail: MailMessage = {
  to: "ada@example.com",
  subject: "Daily Roundup: Bitcoin holds $64K",
  text: "Plain text part",
  html: "<p>HTML part</p>",
  headers: {
    "List-Unsubscribe": "<https://coinsight.news/api/newsletter/one-click/tok>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
  tags: { category: "newsletter daily", edition: "2026-11-22" },
  idempotencyKey: "newsletter-daily/2026-11-22/1",
};

const resend = () => createResendMail({ apiKey: "re_test_key", from: "Coinsight <newsletter@coinsight.news>" });

afterEach(() => vi.restoreAllMocks());

describe("Resend mail adapter", () => {
  it("posts one mail with both parts, the headers, clean tags, the key and the bearer token", async () => {
    const spy = replay(emailSent);
    expect(await resend().send(mail)).toEqual({ id: emailSent.id });
    const [url, init = {}] = spy.mock.calls[0] ?? [];
    expect(url).toBe("https://api.resend.com/emails");
    expect(init.method).toBe("POST");
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe("Bearer re_test_key");
    expect(headers["idempotency-key"]).toBe("newsletter-daily/2026-11-22/1");
    expect(JSON.parse(String(init.body))).toEqual({
      from: "Coinsight <newsletter@coinsight.news>",
      to: ["ada@example.com"],
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
      tags: [
        { name: "category", value: "newsletter_daily" },
        { name: "edition", value: "2026-11-22" },
      ],
    });
  });

  it("sends a batch in one call and returns the ids in order", async () => {
    const spy = replay(batchSent);
    const ids = await resend().sendBatch([mail, { ...mail, to: "grace@example.com" }], { idempotencyKey: "batch-key" });
    expect(ids).toEqual(batchSent.data);
    const [url, init = {}] = spy.mock.calls[0] ?? [];
    expect(url).toBe("https://api.resend.com/emails/batch");
    const body = JSON.parse(String(init.body)) as { to: string[] }[];
    expect(body.map((m) => m.to)).toEqual([["ada@example.com"], ["grace@example.com"]]);
    expect((init.headers as Record<string, string>)["idempotency-key"]).toBe("batch-key");
  });

  it("does not call Resend for an empty batch and refuses one over 100", async () => {
    const spy = replay(batchSent);
    expect(await resend().sendBatch([])).toEqual([]);
    await expect(resend().sendBatch(Array.from({ length: 101 }, () => mail))).rejects.toBeInstanceOf(MailError);
    expect(spy).not.toHaveBeenCalled();
  });

  it.each([
    ["a validation error", validationError, 422, true],
    ["the rate limit", rateLimit, 429, true],
    ["an idempotency conflict", idempotencyConflict, 409, false],
    ["a server error", applicationError, 500, false],
  ])("turns %s into a MailError that says whether a retry is safe", async (_, body, status, retryable) => {
    replay(body, status);
    const error = await resend()
      .send(mail)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect(error).toMatchObject({ status, retryable });
    expect((error as Error).message).toContain(body.message);
  });

  it("treats no answer as not retryable: the mail may have gone out", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("connection reset"));
    await expect(resend().send(mail)).rejects.toMatchObject({
      name: "MailError",
      retryable: false,
      message: expect.stringContaining("unreachable"),
    });
  });

  it("never puts the API key in an error message", async () => {
    replay(validationError, 422);
    const error = (await resend()
      .send(mail)
      .catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain("re_test_key");
  });
});
