import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ErrorBody } from "#schema/contracts/error.ts";
import type { UnsubscribeResponse } from "#schema/contracts/newsletter.ts";
import { randomToken, sha256Hex } from "#worker/lib/crypto.ts";
import { OLD_LINKS_WORK_UNTIL, sealUnsubscribeToken, UNSUBSCRIBE_LINK_VALID_DAYS } from "#worker/lib/unsubscribe-token.ts";
import { call, getJson, ORIGIN } from "#worker/test/http.ts";
import { unsubscribeToken } from "./links.ts";
import { EXPIRED_UNSUBSCRIBE_MESSAGE, INVALID_UNSUBSCRIBE_MESSAGE, UNSUBSCRIBED_MESSAGE } from "./subscribers.service.ts";

const DAY = 86_400_000;
const CUTOFF = Date.parse(OLD_LINKS_WORK_UNTIL);

afterEach(() => vi.useRealTimers());

/** The clock the routes read (Date only). */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
}

/** A confirmed subscriber whose row stores `stored` (the hash, or before migration 0008 the plain token, of the link mailed then). */
async function confirmed(email: string, stored = randomToken()): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO newsletter_subscribers (email, status, consent_at, unsubscribe_token) VALUES (?, 'confirmed', ?, ?) RETURNING id",
  )
    .bind(email, "2026-11-01T00:00:00.000Z", stored)
    .first<{ id: number }>();
  if (!row) throw new Error("no subscriber inserted");
  return row.id;
}

const statusOf = async (id: number) =>
  (await env.DB.prepare("SELECT status FROM newsletter_subscribers WHERE id = ?").bind(id).first<{ status: string }>())?.status;

const postUnsubscribe = <T>(token: string) => getJson<T>(`/api/newsletter/unsubscribe/${token}`, { method: "POST" });

describe("newsletter unsubscribe links", () => {
  it("each mail's token is different, stored nowhere, and unsubscribes its subscriber", async () => {
    const id = await confirmed("sealed@example.com");
    const [first, second] = [await unsubscribeToken(env, ORIGIN, id), await unsubscribeToken(env, ORIGIN, id)];
    expect(first).not.toBe(second);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscribers WHERE unsubscribe_token IN (?, ?, ?)")
      .bind(first, await sha256Hex(first), await sha256Hex(second))
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
    const { status, body } = await postUnsubscribe<UnsubscribeResponse>(second);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: UNSUBSCRIBED_MESSAGE, email: "sealed@example.com" });
  });

  it(`work for ${UNSUBSCRIBE_LINK_VALID_DAYS} days, then answer 410 with a clear message and change nothing`, async () => {
    const id = await confirmed("aging@example.com");
    const issued = Date.parse("2026-12-01T07:00:00.000Z");
    const token = await unsubscribeToken(env, ORIGIN, id, issued);
    clockAt(issued + UNSUBSCRIBE_LINK_VALID_DAYS * DAY);
    const page = await postUnsubscribe<ErrorBody>(token);
    expect(page.status).toBe(410);
    expect(page.body.error).toMatchObject({ code: "GONE", message: EXPIRED_UNSUBSCRIBE_MESSAGE });
    const oneClick = await call(`/api/newsletter/one-click/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(410);
    expect(await statusOf(id)).toBe("confirmed");
    clockAt(issued + UNSUBSCRIBE_LINK_VALID_DAYS * DAY - 60_000);
    expect((await postUnsubscribe(token)).status).toBe(200);
  });

  it("refuse another list's token and a tampered one as invalid (404)", async () => {
    const id = await confirmed("other-list@example.com");
    const alertToken = await sealUnsubscribeToken(env, ORIGIN, "alert-mail", String(id));
    const token = await unsubscribeToken(env, ORIGIN, id);
    const tampered = `${token.slice(0, 20)}${token[20] === "x" ? "y" : "x"}${token.slice(21)}`;
    for (const bad of [alertToken, tampered]) {
      const { status, body } = await postUnsubscribe<ErrorBody>(bad);
      expect(status).toBe(404);
      expect(body.error.message).toBe(INVALID_UNSUBSCRIBE_MESSAGE);
    }
    expect(await statusOf(id)).toBe("confirmed");
  });
});

describe("newsletter links mailed before sealed tokens", () => {
  it("work until the stated cutoff: the hashed ones and the plain ones from before migration 0008", async () => {
    const hashed = randomToken();
    const plain = randomToken();
    const a = await confirmed("old-hashed@example.com", await sha256Hex(hashed));
    const b = await confirmed("old-plain@example.com", plain);
    clockAt(CUTOFF - 60_000);
    expect((await postUnsubscribe<UnsubscribeResponse>(hashed)).body.email).toBe("old-hashed@example.com");
    expect((await postUnsubscribe<UnsubscribeResponse>(plain)).body.email).toBe("old-plain@example.com");
    expect([await statusOf(a), await statusOf(b)]).toEqual(["unsubscribed", "unsubscribed"]);
  });

  it("answer 410 with a clear message from the cutoff on, and change nothing", async () => {
    const hashed = randomToken();
    const id = await confirmed("old-expired@example.com", await sha256Hex(hashed));
    clockAt(CUTOFF);
    const { status, body } = await postUnsubscribe<ErrorBody>(hashed);
    expect(status).toBe(410);
    expect(body.error.message).toBe(EXPIRED_UNSUBSCRIBE_MESSAGE);
    expect(await statusOf(id)).toBe("confirmed");
    // A link that never worked stays invalid, not "expired".
    expect((await postUnsubscribe(randomToken())).status).toBe(404);
  });
});
