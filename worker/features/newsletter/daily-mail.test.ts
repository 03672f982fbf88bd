import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { listOutbox } from "#worker/features/outbox/index.ts";
import { randomToken } from "#worker/lib/crypto.ts";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { DAILY_ROUNDUP_CATEGORY, TRENDING_ANALYSIS_CATEGORY } from "./daily-content.ts";
import { runDailySend } from "./daily-send.ts";
import { dailySubject } from "./mail-templates.ts";
import { capturingQueue, deliver } from "./test-support.ts";

/**
 * What the daily mail says of itself (issue 42, item 7): a subject that names the roundup once, and
 * a line saying so when its articles were written from the offline replay of recorded figures.
 */
const testEnv: Env = { ...env, PUBLIC_ORIGIN: "https://coinsight.test" };
const at = (day: string, time = "07:00") => Date.parse(`${day}T${time}:00Z`);

/** The sources the newsroom stores with an article (worker/features/newsroom/provenance.ts), demo or live market data. */
const sources = (market: "demo" | "live") =>
  JSON.stringify([
    { name: market === "demo" ? "Demo market data replayed" : "CoinGecko", role: "market", kind: market, asOf: "2026-11-10T06:00:00Z" },
    { name: "Coinsight template writer", role: "writer", kind: "template" },
  ]);

async function sendDay(day: string, market: "demo" | "live", title: string) {
  await insertArticle({ categoryId: DAILY_ROUNDUP_CATEGORY, title, publishedAt: `${day}T06:00:00.000Z`, sourcesJson: sources(market) });
  await insertArticle({
    categoryId: TRENDING_ANALYSIS_CATEGORY,
    title: `Solana leads the top 100 (${day})`,
    publishedAt: `${day}T05:00:00.000Z`,
    sourcesJson: sources(market),
  });
  const queue = capturingQueue();
  expect(await runDailySend(testEnv, { now: at(day), queue })).toMatchObject({ status: "sending", queued: 1 });
  await deliver(queue.sent, { env: testEnv, now: at(day, "07:01") });
  const mails = (await listOutbox(getDb(env.DB), { channel: "email", limit: 200 })).filter((m) => m.tags.edition === day);
  expect(mails).toHaveLength(1);
  return mails[0] as (typeof mails)[number];
}

describe("the daily mail", () => {
  it("names the roundup once in its subject, whatever the title says", () => {
    const subject = (title: string) => dailySubject({ roundup: { slug: "x", title, excerpt: "" } });
    expect(subject("Daily Crypto Roundup: Bitcoin up as 61 of the top 100 coins rise")).toBe(
      "Daily Crypto Roundup: Bitcoin up as 61 of the top 100 coins rise",
    );
    expect(subject("Bitcoin holds $64K as sentiment cools")).toBe("Daily Roundup: Bitcoin holds $64K as sentiment cools");
    expect(subject("Daily Roundup, 10 November: Bitcoin at $64,000")).toBe("Daily Roundup, 10 November: Bitcoin at $64,000");
  });

  it("says its figures are replayed when its articles were written from the offline replay, in both parts", async () => {
    await env.DB.prepare("INSERT INTO newsletter_subscribers (email, status, consent_at, unsubscribe_token) VALUES (?, 'confirmed', ?, ?)")
      .bind("reader@example.com", "2026-11-01T00:00:00.000Z", randomToken())
      .run();

    const demo = await sendDay("2026-11-10", "demo", "Daily Crypto Roundup: Bitcoin up as 61 of the top 100 coins rise");
    expect(demo.subject).toBe("Daily Crypto Roundup: Bitcoin up as 61 of the top 100 coins rise");
    expect(demo.subject).not.toMatch(/Roundup.*Roundup/);
    const line =
      "Replayed figures: the market figures in these articles are CoinGecko figures recorded on 30 April 2026, replayed as if today: an offline demo, not live prices.";
    expect(demo.text).toContain(`COINSIGHT DAILY ROUNDUP · Tuesday, 10 November 2026\n\n${line}\n\n`);
    expect(demo.html).toContain(line);

    // Live figures: no such line.
    const live = await sendDay("2026-11-11", "live", "Bitcoin holds $64K as sentiment cools");
    expect(live.subject).toBe("Daily Roundup: Bitcoin holds $64K as sentiment cools");
    expect(live.text).not.toContain("Replayed figures");
    expect(live.html).not.toContain("Replayed figures");
  });
});
