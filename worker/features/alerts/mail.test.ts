import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ALERT_MAILS_PER_DAY } from "#schema/contracts/alert-rules.ts";
import type { PriceSnapshot } from "#worker/features/cryptos/index.ts";
import { eventually } from "#worker/features/newsletter/test-support.ts";
import { listOutbox } from "#worker/features/outbox/index.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { deliverEvents } from "./deliver.ts";
import { runDigests } from "./digest.ts";
import { evaluateTick } from "./evaluate.ts";
import { checkMailToken, mailToken, oldLinkMac } from "./links.ts";
import { db, eventsOf, makeAlert, makeMember, sentimentRow, watchWithDigest } from "./test-support.ts";

const ORIGIN = "http://127.0.0.1:8787";
/** Recommendation words no alert or digest mail may use (the figures speak for themselves). */
const ADVICE = /\b(buy|sell|should|recommend\w*|opportunit\w*|advice|advise\w*|must|consider)\b/i;

/** The mails the queue's consumer has sent to an address so far (it delivers within about a second of the tick). */
const mailsTo = async (to: string) => (await listOutbox(db(), { channel: "email", limit: 200 })).filter((m) => m.recipient === to);
/** Waits until at least `n` mails reached an address through the queue. */
const mailed = (to: string, n: number) =>
  eventually(
    () => mailsTo(to),
    (m) => m.length >= n,
  );

async function tick(db: D1Database, coinId: string, price: number, at: number) {
  const result = await evaluateTick(db, [{ id: coinId, price, change24h: 1.5 }], at);
  return deliverEvents(env, result.events.rows, at);
}

describe("alert mails", () => {
  it("mail each tick's events to the member, with the figures, a link, and one-click unsubscribe headers", async () => {
    const m = await makeMember("mail-one@example.com");
    await makeAlert(m.id, { kind: "price_above", threshold: 100, coinId: "mail-coin", symbol: "MAIL" });
    await makeAlert(m.id, { kind: "price_above", threshold: 101, coinId: "mail-coin", symbol: "MAIL" });
    expect(await tick(env.DB, "mail-coin", 102, Date.parse("2026-11-26T10:00:00Z"))).toEqual({ mailed: 2, held: 0 });
    const [mail] = await mailed(m.email, 1);
    expect(mail?.subject).toBe("2 Coinsight alerts: MAIL rose above $100.00 and more");
    expect(mail?.text).toContain("MAIL rose above $101.00");
    expect(mail?.text).toContain("was $102.00 (+1.50% in 24 hours) as of 26 Nov 2026, 10:00 UTC.");
    expect(mail?.text).toContain(`${ORIGIN}/coin/mail`);
    expect(mail?.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(new RegExp(`^<${ORIGIN}/api/alerts/unsubscribe/alert-mail/[A-Za-z0-9_-]+>$`)),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const token = mail?.headers["List-Unsubscribe"]?.split("/").at(-1)?.slice(0, -1) ?? "";
    expect(await checkMailToken(env, ORIGIN, "alert-mail", token)).toEqual({ state: "valid", subject: m.id });
    expect(`${mail?.text}\n${mail?.html}`).not.toMatch(ADVICE);
    expect((await eventsOf(m.id)).map((e) => e.mailed)).toEqual([1, 1]);
  });

  it(`send at most ${ALERT_MAILS_PER_DAY} a day; the rest stay in the bell`, async () => {
    const m = await makeMember("mail-cap@example.com");
    await makeAlert(m.id, { kind: "price_above", threshold: 100, coinId: "cap-coin", symbol: "CAP" });
    const day = Date.parse("2026-11-27T00:00:00Z");
    for (let i = 0; i < ALERT_MAILS_PER_DAY + 2; i++) {
      await tick(env.DB, "cap-coin", 101, day + i * 120_000);
      await tick(env.DB, "cap-coin", 90, day + i * 120_000 + 30_000);
    }
    expect(await mailed(m.email, ALERT_MAILS_PER_DAY)).toHaveLength(ALERT_MAILS_PER_DAY);
    const events = await eventsOf(m.id);
    expect(events).toHaveLength(ALERT_MAILS_PER_DAY + 2);
    expect(events.filter((e) => e.mailed === 0)).toHaveLength(2);
    // The next UTC day has a new allowance.
    await tick(env.DB, "cap-coin", 101, day + 86_400_000 + 60_000);
    expect(await mailed(m.email, ALERT_MAILS_PER_DAY + 1)).toHaveLength(ALERT_MAILS_PER_DAY + 1);
  });

  it("are not sent to a member who turned them off, and the one-click POST turns them off", async () => {
    const m = await makeMember("mail-off@example.com");
    await makeAlert(m.id, { kind: "price_above", threshold: 100, coinId: "off-coin", symbol: "OFF" });
    const token = await mailToken(env, "https://coinsight.test", "alert-mail", m.id);
    // A mail provider's RFC 8058 POST: no cookie, no Origin.
    const provider = new BrowserAgent();
    const res = await provider.fetch(`/api/alerts/unsubscribe/alert-mail/${encodeURIComponent(token)}`, {
      method: "POST",
      site: "cross-site",
      from: "https://mail.example.net",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("You will not receive alert emails any more.");
    expect(await tick(env.DB, "off-coin", 101, Date.parse("2026-11-26T11:00:00Z"))).toEqual({ mailed: 0, held: 1 });
    expect(await mailsTo(m.email)).toEqual([]);
  });
});

describe("one-click unsubscribe", () => {
  it("the mailed link opens a page with one button; a bad token or list changes nothing", async () => {
    const m = await makeMember("unsub-page@example.com");
    await env.DB.prepare("INSERT INTO alert_settings (user_id, digest, digest_due_at) VALUES (?1, 'daily', '2026-11-26T00:00:00.000Z')")
      .bind(m.id)
      .run();
    const reader = new BrowserAgent();
    const token = await mailToken(env, "https://coinsight.test", "digest", m.id);
    const path = `/api/alerts/unsubscribe/digest/${encodeURIComponent(token)}`;
    const page = await reader.fetch(path, { site: "none" });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Unsubscribe from the watchlist digest?");
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"');
    const digest = () => env.DB.prepare("SELECT digest FROM alert_settings WHERE user_id = ?1").bind(m.id).first<{ digest: string }>();
    expect((await digest())?.digest).toBe("daily");

    const post = (p: string, body = "List-Unsubscribe=One-Click") =>
      reader.fetch(p, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    // An old-format link with another member's MAC under this member's id.
    const othersMac = await oldLinkMac(env, "https://coinsight.test", "someone-else");
    expect((await post(`/api/alerts/unsubscribe/digest/${encodeURIComponent(`${m.id}.${othersMac}`)}`)).status).toBe(404);
    // This member's alert-mail token on the digest's address.
    const alertToken = await mailToken(env, "https://coinsight.test", "alert-mail", m.id);
    expect((await post(`/api/alerts/unsubscribe/digest/${encodeURIComponent(alertToken)}`)).status).toBe(404);
    expect((await post("/api/alerts/unsubscribe/newsletter/abc", "List-Unsubscribe=One-Click")).status).toBe(400);
    expect((await post(path, "")).status).toBe(400);
    expect((await digest())?.digest).toBe("daily");
    const done = await post(path);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You will not receive the watchlist digest any more.");
    expect(await digest()).toEqual({ digest: "off" });
    // Twice is harmless.
    expect((await post(path)).status).toBe(200);
  });
});

describe("the watchlist digest", () => {
  const snapshotOf = (updatedAt: string): PriceSnapshot => ({
    updatedAt,
    source: "offline",
    coins: [
      { id: "ethereum", symbol: "ETH", name: "Ethereum", priceUsd: 3210.5, change24h: -2.345, change7d: 8.1 },
      { id: "solana", symbol: "SOL", name: "Solana", priceUsd: 150, change24h: 1, change7d: 2 },
    ] as PriceSnapshot["coins"],
  });

  it("mails each watched coin's move, sentiment change and newest article with their times, once per period", async () => {
    const m = await makeMember("digest@example.com");
    const now = Date.parse("2026-11-26T09:00:00.000Z");
    await watchWithDigest(
      m.id,
      [
        ["ETH", "Ethereum", "ethereum"],
        ["GONE", "Gone Coin", "gone-coin"],
      ],
      "daily",
      "2026-11-26T08:59:00.000Z",
    );
    await sentimentRow("2026-11-25", "ethereum", "ETH", 61);
    await sentimentRow("2026-11-26", "ethereum", "ETH", 66.5);
    await insertArticle({ cryptoSymbol: "ETH", slug: "eth-older", publishedAt: "2026-11-25T07:00:00.000Z" });
    await insertArticle({ cryptoSymbol: "eth", slug: "eth-newest", title: "Ethereum in focus", publishedAt: "2026-11-26T07:00:00.000Z" });
    // A newer guide about the coin is not its newest article: the digest lists news.
    await insertArticle({ cryptoSymbol: "ETH", slug: "what-is-ethereum", categoryId: 20, publishedAt: "2026-11-26T08:00:00.000Z" });
    const snapshot = snapshotOf("2026-11-26T08:59:30.000Z");

    const runs = await Promise.all([runDigests(env, snapshot, now), runDigests(env, snapshot, now)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const [mail] = await mailed(m.email, 1);
    expect(mail?.subject).toBe("Your daily watchlist digest, 26 Nov 2026");
    expect(mail?.text).toContain("ETH · Ethereum");
    expect(mail?.text).toContain("Price $3,210.50, -2.35% over 24 hours, as of 26 Nov 2026, 08:59 UTC.");
    expect(mail?.text).toContain(
      "Social sentiment 61 → 66.5 of 100 (+5.5 points) from 25 Nov 2026 to 26 Nov 2026, as of 26 Nov 2026, 06:01 UTC.",
    );
    expect(mail?.text).toContain('Newest article: "Ethereum in focus", published 26 Nov 2026, 07:00 UTC.');
    expect(mail?.text).toContain(`${ORIGIN}/article/eth-newest`);
    expect(mail?.text).toContain("GONE · Gone Coin");
    expect(mail?.text).toContain("No price today: the coin is outside the tracked Top 500.");
    expect(mail?.headers["List-Unsubscribe"]).toContain(`${ORIGIN}/api/alerts/unsubscribe/digest/`);
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(`${mail?.text}\n${mail?.html}`).not.toMatch(ADVICE);

    // Due again a day later, not before.
    expect((await runDigests(env, snapshot, now + 3_600_000)).sent).toBe(0);
    expect((await runDigests(env, snapshot, now + 86_400_000)).sent).toBe(1);
  });

  it("a weekly digest reads the 7-day move; an empty watchlist sends nothing", async () => {
    const m = await makeMember("digest-weekly@example.com");
    const empty = await makeMember("digest-empty@example.com");
    const now = Date.parse("2026-11-28T09:00:00.000Z");
    await watchWithDigest(m.id, [["SOL", "Solana", "solana"]], "weekly", "2026-11-28T08:00:00.000Z");
    await watchWithDigest(empty.id, [], "daily", "2026-11-28T08:00:00.000Z");
    const result = await runDigests(env, snapshotOf("2026-11-28T08:59:30.000Z"), now);
    expect(result.empty).toBe(1);
    const [mail] = await mailed(m.email, 1);
    expect(mail?.subject).toBe("Your weekly watchlist digest, week to 28 Nov 2026");
    expect(mail?.text).toContain("Price $150.00, +2.00% over 7 days");
    expect(await mailsTo(empty.email)).toEqual([]);
  });

  it("lists the Daily Roundup that names a coin when the coin has no newer article of its own", async () => {
    const m = await makeMember("digest-roundup@example.com");
    const now = Date.parse("2026-11-29T09:00:00.000Z");
    await watchWithDigest(
      m.id,
      [
        ["BTC", "Bitcoin", "bitcoin"],
        ["SOL", "Solana", "solana"],
      ],
      "daily",
      "2026-11-29T08:00:00.000Z",
    );
    // The day's roundup covers Bitcoin (by name) without being "about" it; Solana has an older analysis of its own.
    await insertArticle({
      slug: "roundup-names-bitcoin",
      title: "Daily Crypto Roundup: markets steady",
      content: "## Market overview\n\nBitcoin traded in a narrow range.",
      categoryId: 18,
      publishedAt: "2026-11-29T06:00:00.000Z",
    });
    await insertArticle({
      cryptoSymbol: "SOL",
      slug: "sol-analysis",
      title: "Solana in focus",
      categoryId: 17,
      publishedAt: "2026-11-28T07:00:00.000Z",
    });
    await runDigests(env, snapshotOf("2026-11-29T08:59:30.000Z"), now);
    const [mail] = await mailed(m.email, 1);
    const text = mail?.text ?? "";
    const btc = text.slice(text.indexOf("BTC · Bitcoin"), text.indexOf("SOL · Solana"));
    expect(btc).toContain('Newest article: "Daily Crypto Roundup: markets steady", published 29 Nov 2026, 06:00 UTC.');
    expect(btc).toContain(`${ORIGIN}/article/roundup-names-bitcoin`);
    expect(btc).not.toContain("No Coinsight article about it yet.");
    // Solana's own analysis stays: the roundup does not name it.
    expect(text.slice(text.indexOf("SOL · Solana"))).toContain('Newest article: "Solana in focus"');
  });
});
