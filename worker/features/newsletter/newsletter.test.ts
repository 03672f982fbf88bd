import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "#schema/contracts/error.ts";
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  EMAIL_TOO_LONG,
  type SubscribeResponse,
  type UnsubscribeResponse,
} from "#schema/contracts/newsletter.ts";
import { listOutbox } from "#worker/features/outbox/index.ts";
import { sha256Hex } from "#worker/lib/crypto.ts";
import { getDb } from "#worker/lib/db.ts";
import { call, getJson, ORIGIN } from "#worker/test/http.ts";
import { unsubscribeToken } from "./links.ts";
import {
  ALREADY_UNSUBSCRIBED_MESSAGE,
  INVALID_UNSUBSCRIBE_MESSAGE,
  SIGNUP_RATE_LIMIT,
  SUBSCRIBE_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
} from "./subscribers.service.ts";
import { eventually } from "./test-support.ts";

let ip = 0;
/** Each test signs up from its own address, so the per-client limit only bites where a test wants it. */
function subscribeAs(email: unknown, from = `203.0.113.${++ip}`) {
  return getJson<SubscribeResponse & ErrorBody>("/api/newsletter/subscribe", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": from },
    body: JSON.stringify({ email }),
  });
}

type Row = {
  id: number;
  email: string | null;
  status: string;
  consent_at: string;
  confirm_token_hash: string | null;
};
function subscriber(email: string) {
  return env.DB.prepare("SELECT * FROM newsletter_subscribers WHERE email = ?").bind(email).first<Row>();
}

/** The mails to an address, newest first, once at least `count` have come through the mail queue. */
async function mailsTo(to: string, count = 1) {
  const read = async () => (await listOutbox(getDb(env.DB), { channel: "email", limit: 200 })).filter((m) => m.recipient === to);
  return eventually(read, (mails) => mails.length >= count);
}

/** The reader presses "Confirm subscription" on the page the mailed link opens. */
function pressConfirm(link: string): Promise<Response> {
  return call(new URL(link).pathname, { method: "POST", redirect: "manual" });
}

/** The /unsubscribe page's button: POST /api/newsletter/unsubscribe/{token}. */
function postUnsubscribe<T>(token: string) {
  return getJson<T>(`/api/newsletter/unsubscribe/${token}`, { method: "POST" });
}

/** The token the subscriber's mails carry in their unsubscribe links. */
function unsubscribeTokenFor(id: number): Promise<string> {
  return unsubscribeToken(env, ORIGIN, id);
}

async function confirmLink(to: string): Promise<string> {
  const [latest] = await mailsTo(to);
  const link = latest?.text.match(/https?:\/\/\S+\/api\/newsletter\/confirm\/\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link mailed to ${to}`);
  return link;
}

describe("POST /api/newsletter/subscribe", () => {
  it("stores a pending subscriber with its consent time and mails a confirmation link", async () => {
    const before = Date.now();
    const { status, body } = await subscribeAs("ada@example.com");
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: SUBSCRIBE_MESSAGE });
    const row = await subscriber("ada@example.com");
    expect(row?.status).toBe("pending");
    expect(Date.parse(row?.consent_at ?? "")).toBeGreaterThanOrEqual(before - 1000);

    const [mail] = await mailsTo("ada@example.com");
    expect(mail?.subject).toBe("Confirm your Coinsight newsletter subscription");
    expect(mail?.html).toContain("Confirm my subscription");
    const link = await confirmLink("ada@example.com");
    expect(link.startsWith("https://coinsight.test/api/newsletter/confirm/")).toBe(true);
    // Only a hash of the confirmation token is stored.
    const token = decodeURIComponent(link.split("/").pop() ?? "");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row?.confirm_token_hash).toBe(await sha256Hex(token));
  });

  it.each([
    ["an empty address", "", EMAIL_REQUIRED],
    ["only spaces", "   ", EMAIL_REQUIRED],
    ["a malformed address", "not-an-email", EMAIL_INVALID],
    ["an address without a domain", "ada@", EMAIL_INVALID],
    ["two @", "ada@@example.com", EMAIL_INVALID],
    ["an over-long address", `${"a".repeat(64)}@${"b".repeat(186)}.com`, EMAIL_TOO_LONG],
    ["an over-long local part", `${"a".repeat(65)}@example.com`, EMAIL_INVALID],
  ])("refuses %s with a clear message", async (_, email, message) => {
    const { status, body } = await subscribeAs(email);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "BAD_REQUEST", message });
  });

  it.each([
    ["no email field", {}],
    ["a number", { email: 42 }],
    ["a huge string", { email: "x".repeat(5000) }],
  ])("answers 400 in the one error shape for %s", async (_, payload) => {
    const res = await call("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.1" },
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe("BAD_REQUEST");
  });

  it("answers 400, not 500, for a body that is not JSON", async () => {
    const res = await call("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.2" },
      body: "{email:",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe("BAD_REQUEST");
  });

  it("treats mixed-case and padded duplicates as one subscriber and answers them alike", async () => {
    const first = await subscribeAs("  Grace.Hopper@Example.COM ");
    const second = await subscribeAs("grace.hopper@example.com");
    expect(second.body).toEqual(first.body);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM newsletter_subscribers WHERE lower(email) = 'grace.hopper@example.com'",
    ).first<{
      n: number;
    }>();
    expect(rows?.n).toBe(1);
    // A repeat within minutes does not mail the address again.
    expect(await mailsTo("grace.hopper@example.com")).toHaveLength(1);
  });

  it("limits signups per client and says when to retry, without storing the address", async () => {
    const from = "192.0.2.77";
    for (let i = 0; i < SIGNUP_RATE_LIMIT.limit; i++) {
      expect((await subscribeAs(`limit${i}@example.com`, from)).status).toBe(200);
    }
    const over = await subscribeAs("one-more@example.com", from);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("RATE_LIMITED");
    expect(Number(over.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await subscriber("one-more@example.com")).toBeNull();
    // Another client is not affected.
    expect((await subscribeAs("other-client@example.com", "192.0.2.78")).status).toBe(200);
    const { results } = await env.DB.prepare("SELECT * FROM rate_limits").all();
    expect(JSON.stringify(results)).not.toContain("192.0.2.77");
  });
});

describe("confirmation (double opt-in)", () => {
  it("confirms through the mailed link, redirects to the home page, and is idempotent", async () => {
    await subscribeAs("linus@example.com");
    const link = await confirmLink("linus@example.com");
    const res = await pressConfirm(link);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/?newsletter=confirmed");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await subscriber("linus@example.com"))?.status).toBe("confirmed");

    const again = await pressConfirm(link);
    expect(again.headers.get("location")).toBe("/?newsletter=confirmed");
  });

  it("sends an unknown token to the invalid-link notice", async () => {
    const res = await pressConfirm("https://coinsight.test/api/newsletter/confirm/not-a-real-token");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/?newsletter=invalid");
  });

  it("a confirmed subscriber who signs up again gets the same answer and a note, not a second subscription", async () => {
    await subscribeAs("margaret@example.com");
    await pressConfirm(await confirmLink("margaret@example.com"));
    await env.DB.prepare("UPDATE newsletter_subscribers SET notice_sent_at = '2000-01-01T00:00:00.000Z' WHERE email = ?")
      .bind("margaret@example.com")
      .run();
    const again = await subscribeAs("Margaret@example.com");
    expect(again.body).toEqual({ success: true, message: SUBSCRIBE_MESSAGE });
    expect((await subscriber("margaret@example.com"))?.status).toBe("confirmed");
    const [note] = await mailsTo("margaret@example.com", 2);
    expect(note?.subject).toBe("You're already subscribed to the Coinsight newsletter");
    expect(note?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });
});

describe("link scanners cannot act for the reader", () => {
  it("HEAD and GET of the confirmation link change nothing; the page's button (POST) confirms", async () => {
    await subscribeAs("scanned@example.com");
    const link = await confirmLink("scanned@example.com");
    const head = await call(new URL(link).pathname, { method: "HEAD", redirect: "manual" });
    expect(head.status).toBe(200);
    const page = await call(new URL(link).pathname, { redirect: "manual" });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain(`<form method="post" action="${new URL(link).pathname}"`);
    expect(html).toContain("Confirm subscription");
    expect((await subscriber("scanned@example.com"))?.status).toBe("pending");
    expect((await pressConfirm(link)).headers.get("location")).toBe("/?newsletter=confirmed");
    expect((await subscriber("scanned@example.com"))?.status).toBe("confirmed");
  });

  it("HEAD or GET of the unsubscribe API changes nothing; only POST unsubscribes", async () => {
    await subscribeAs("kept@example.com");
    await pressConfirm(await confirmLink("kept@example.com"));
    const row = await subscriber("kept@example.com");
    const token = await unsubscribeTokenFor(row?.id ?? 0);
    expect((await call(`/api/newsletter/unsubscribe/${token}`, { method: "HEAD" })).status).toBe(404);
    expect((await call(`/api/newsletter/unsubscribe/${token}`)).status).toBe(404);
    expect((await subscriber("kept@example.com"))?.status).toBe("confirmed");
    expect((await postUnsubscribe(token)).status).toBe(200);
    expect(await subscriber("kept@example.com")).toBeNull();
  });

  it("a cross-site POST cannot confirm or unsubscribe for the reader", async () => {
    await subscribeAs("forced@example.com");
    const link = await confirmLink("forced@example.com");
    const forced = await call(new URL(link).pathname, {
      method: "POST",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(forced.status).toBe(403);
    expect((await subscriber("forced@example.com"))?.status).toBe("pending");
  });
});

describe("unsubscribe", () => {
  async function confirmedId(email: string): Promise<number> {
    await subscribeAs(email);
    await pressConfirm(await confirmLink(email));
    const row = await subscriber(email);
    if (!row) throw new Error("no subscriber");
    return row.id;
  }
  const confirmedToken = async (email: string) => unsubscribeTokenFor(await confirmedId(email));

  it("unsubscribes with the token, answers success, message and email, and erases the address", async () => {
    const id = await confirmedId("ken@example.com");
    const token = await unsubscribeTokenFor(id);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const { status, body, res } = await postUnsubscribe<UnsubscribeResponse>(token);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: UNSUBSCRIBED_MESSAGE, email: "ken@example.com" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await subscriber("ken@example.com")).toBeNull();
    const row = await env.DB.prepare("SELECT status, email, unsubscribed_at FROM newsletter_subscribers WHERE id = ?")
      .bind(id)
      .first<{ status: string; email: string | null; unsubscribed_at: string | null }>();
    expect(row).toMatchObject({ status: "unsubscribed", email: null });
    expect(row?.unsubscribed_at).not.toBeNull();
  });

  it("is harmless to repeat: a reused token answers 'already unsubscribed'", async () => {
    const token = await confirmedToken("dennis@example.com");
    await postUnsubscribe(token);
    const { status, body } = await postUnsubscribe<UnsubscribeResponse>(token);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: ALREADY_UNSUBSCRIBED_MESSAGE, email: null });
  });

  it("answers 404 with a clear message for an unknown token, and 400 for an absurd one", async () => {
    const bad = await postUnsubscribe<ErrorBody>("definitely-not-a-token");
    expect(bad.status).toBe(404);
    expect(bad.body.error).toMatchObject({ code: "NOT_FOUND", message: INVALID_UNSUBSCRIBE_MESSAGE });
    const absurd = await postUnsubscribe<ErrorBody>("x".repeat(300));
    expect(absurd.status).toBe(400);
  });

  it("can sign up again after unsubscribing, as a new pending subscription the old link cannot end", async () => {
    const token = await confirmedToken("barbara@example.com");
    await postUnsubscribe(token);
    expect((await subscribeAs("barbara@example.com")).status).toBe(200);
    expect((await subscriber("barbara@example.com"))?.status).toBe("pending");
    const again = await postUnsubscribe<UnsubscribeResponse>(token);
    expect(again.body).toEqual({ success: true, message: ALREADY_UNSUBSCRIBED_MESSAGE, email: null });
    expect((await subscriber("barbara@example.com"))?.status).toBe("pending");
  });

  it("one-click (RFC 8058): a form POST without cookies or Origin unsubscribes", async () => {
    const token = await confirmedToken("frances@example.com");
    const res = await call(`/api/newsletter/one-click/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: UNSUBSCRIBED_MESSAGE });
    expect(await subscriber("frances@example.com")).toBeNull();
  });

  it("one-click works even when a mail client posts it cross-site, while a cross-site signup is refused", async () => {
    const token = await confirmedToken("grace@example.com");
    const crossSite = { origin: "https://mail.example", "sec-fetch-site": "cross-site" };
    const oneClick = await call(`/api/newsletter/one-click/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...crossSite },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await subscriber("grace@example.com")).toBeNull();
    const signup = await call("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", ...crossSite },
      body: JSON.stringify({ email: "csrf@example.com" }),
    });
    expect(signup.status).toBe(403);
    expect(await subscriber("csrf@example.com")).toBeNull();
  });

  it("one-click refuses a POST without the RFC 8058 body, and a GET only redirects to the page", async () => {
    const token = await confirmedToken("radia@example.com");
    const empty = await call(`/api/newsletter/one-click/${token}`, { method: "POST" });
    expect(empty.status).toBe(400);
    const get = await call(`/api/newsletter/one-click/${token}`, { redirect: "manual" });
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toBe(`/unsubscribe?token=${token}`);
    expect((await subscriber("radia@example.com"))?.status).toBe("confirmed");
  });
});
