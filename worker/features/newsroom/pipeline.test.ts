import { env, introspectWorkflowInstance } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CONTENT_VERSION_KEY } from "#worker/features/content/index.ts";
import { formatPrice } from "#worker/features/cryptos/index.ts";
import { listOutbox } from "#worker/features/outbox/index.ts";
import { randomToken } from "#worker/lib/crypto.ts";
import { getDb } from "#worker/lib/db.ts";
import { CATEGORY_TRENDING, coverImage } from "./covers.ts";
import { restartTasks } from "./pipeline.ts";
import { generationStatus } from "./status.ts";
import { ARTICLES_PER_BAND } from "./tasks/trending.ts";
import {
  articlesOf,
  clockAt,
  instanceIdPattern,
  publicArticles,
  runDay,
  runOf,
  runTasks,
  settle,
  shareWithWorkflow,
  tamperingWriter,
  testDeps,
} from "./test-support.ts";
import { type InstanceOutput, NEWSLETTER_STEP_NAME } from "./workflow.ts";

describe("dependencies", () => {
  it("keeps a trending task waiting for the day's LunarCrush data, then releases it", async () => {
    const date = "2026-11-01";
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`));
    shareWithWorkflow(deps);
    const trending = await restartTasks(deps, ["trending_top_100"], date, "manual");
    // It has looked for the data, found none, and waits for the event a finished prerequisite sends.
    await using instance = await introspectWorkflowInstance(env.NEWSROOM, String(trending.instanceId));
    expect(await instance.waitForStepResult({ name: "trending_top_100: check lunarcrush_data (1)" })).toBe("missing");
    let status = await generationStatus(deps, date);
    expect(status.trending_top_100).toMatchObject({ status: "not_started", blockedBy: ["lunarcrush_data"], progress: null });
    expect(await articlesOf(date)).toHaveLength(0);

    // The data runs in a second instance, which wakes the waiting one when it is done.
    const data = await runTasks(deps, ["lunarcrush_data"], date);
    expect(data.status.status).toBe("complete");
    expect((await settle(trending.instanceId)).status).toBe("complete");
    status = await generationStatus(deps, date);
    expect(status.trending_top_100).toMatchObject({
      status: "completed",
      blockedBy: [],
      articles: { published: ARTICLES_PER_BAND, review: 0 },
    });
    expect(status.trending_top_100.progress).toMatchObject({
      percentage: 100,
      completedSteps: 6,
      totalSteps: 6,
      estimatedTimeRemaining: 0,
    });
    expect(status.trending_top_100.progress?.stepDetails.map((s) => s.status)).toEqual(Array(6).fill("completed"));
    // The other bands were never asked for.
    expect(status.trending_101_300.status).toBe("not_started");
  });

  it("starts the roundup at once: it depends on nothing", async () => {
    const date = "2026-11-02";
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`));
    shareWithWorkflow(deps);
    const { instanceId } = await restartTasks(deps, ["daily_roundup"], date, "manual");
    expect(await runOf("daily_roundup", date)).toMatchObject({ status: "not_started", instance_id: instanceId, trigger: "manual" });
    await settle(instanceId);
    const [roundup] = await articlesOf(date);
    expect(roundup).toMatchObject({ category_id: 18, status: "published", slug: `daily-crypto-roundup-${date}` });
  });

  it("tells whoever renders pages ahead of each article it publishes (worker/index.ts: its page, for its first readers)", async () => {
    const date = "2026-10-21";
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`));
    const published = vi.fn();
    deps.published = published;
    shareWithWorkflow(deps);
    const { instanceId } = await restartTasks(deps, ["daily_roundup"], date, "manual");
    await settle(instanceId);
    const [roundup] = await articlesOf(date);
    expect(roundup?.status).toBe("published");
    expect(published.mock.calls).toEqual([[roundup?.id]]);
  });
});

describe("a day of the pipeline", () => {
  it("writes a Daily Roundup and Trending Analyses grounded in the day's data, with data time and sources", async () => {
    const date = "2026-11-03";
    const clock = clockAt(`${date}T06:00:00Z`);
    const deps = await testDeps(clock);
    const before = await env.KV.get(CONTENT_VERSION_KEY);
    const day = await runDay(deps, date);
    expect(day).toMatchObject({ instanceId: expect.stringMatching(instanceIdPattern(date)), status: { status: "complete" } });
    for (const task of ["lunarcrush_data", "daily_roundup", "trending_top_100", "trending_101_300", "trending_301_500"]) {
      expect((await runOf(task, date))?.status, task).toBe("completed");
    }
    const snapshot = await env.DB.prepare("SELECT count(*) AS n, min(rank) AS lo, max(rank) AS hi FROM sentiment_snapshots WHERE date = ?")
      .bind(date)
      .first<{ n: number; lo: number; hi: number }>();
    expect(snapshot).toEqual({ n: 500, lo: 1, hi: 500 });

    const written = await articlesOf(date);
    expect(written).toHaveLength(1 + 3 * ARTICLES_PER_BAND);
    const market = await deps.market();
    for (const a of written) {
      expect(a.status).toBe("published");
      expect(a.published_at).toBe(new Date(clock.now).toISOString());
      expect(a.data_as_of).toBe(market.updatedAt);
      expect(String(a.content)).toMatch(/\*Data as of \d{1,2} November 2026, \d\d:\d\d UTC\.\*\n\n\*\*Sources:\*\* .*CoinGecko/);
      expect(JSON.parse(String(a.sources_json)).map((s: { role: string }) => s.role)).toEqual(["market", "social", "writer"]);
      expect(Number(a.read_time)).toBeGreaterThanOrEqual(2);
      expect(String(a.excerpt).length).toBeGreaterThan(40);
    }
    const trending = written.filter((a) => a.category_id === 17);
    const bands = [
      [1, 100],
      [101, 300],
      [301, 500],
    ];
    for (const [lo, hi] of bands) {
      const inBand = trending.filter((a) => Number(a.rank) >= (lo ?? 0) && Number(a.rank) <= (hi ?? 0));
      expect(inBand, `${lo}-${hi}`).toHaveLength(ARTICLES_PER_BAND);
    }
    for (const a of trending) {
      expect(a.slug).toMatch(new RegExp(`^[a-z0-9-]+-trending-analysis-${date}$`));
      expect(a.image_url).toBe(coverImage(CATEGORY_TRENDING, String(a.crypto_symbol)));
      // The price in the article is the snapshot's, as the market table showed it then.
      const row = await env.DB.prepare("SELECT price FROM sentiment_snapshots WHERE date = ? AND rank = ?")
        .bind(date, a.rank)
        .first<{ price: number }>();
      expect(String(a.content)).toContain(formatPrice(row?.price ?? 0));
      expect(a.crypto_symbol).toMatch(/^[A-Z0-9._-]+$/);
    }
    // A day's analyses do not all wear one picture.
    expect(new Set(trending.map((a) => a.image_url)).size).toBeGreaterThanOrEqual(3);
    const btc = market.coins[0];
    expect(String(written[0]?.content)).toContain(btc?.price);
    expect(await env.KV.get(CONTENT_VERSION_KEY)).not.toBe(before);
    expect(await publicArticles()).toEqual(expect.arrayContaining(written.map((a) => a.slug)));
  });
});

describe("idempotent re-runs", () => {
  it("never duplicates articles when a date's tasks run again, by schedule or by hand", async () => {
    const date = "2026-11-04";
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`));
    const day = await runDay(deps, date);
    const first = await articlesOf(date);
    const picks = JSON.parse(String((await runOf("trending_top_100", date))?.state_json)).picks;

    // The schedule firing again starts nothing.
    expect((await runDay(deps, date)).instanceId).toBeNull();

    // Running every task again by hand re-does the work and writes nothing new.
    const writer = tamperingWriter((draft) => draft);
    const again = { ...deps, writer };
    const rerun = await runTasks(
      again,
      ["lunarcrush_data", "daily_roundup", "trending_top_100", "trending_101_300", "trending_301_500"],
      date,
    );
    expect(rerun).toMatchObject({ instanceId: expect.stringMatching(instanceIdPattern(date)), status: { status: "complete" } });
    expect(rerun.instanceId).not.toBe(day.instanceId);
    expect((await runOf("trending_301_500", date))?.status).toBe("completed");
    expect(await articlesOf(date)).toEqual(first);
    expect(JSON.parse(String((await runOf("trending_top_100", date))?.state_json)).picks).toEqual(picks);
    expect(writer.calls).toBe(0);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM sentiment_snapshots WHERE date = ?").bind(date).first<{ n: number }>();
    expect(rows?.n).toBe(500);
  });
});

describe("what a writer may put in an article", () => {
  it("stores a hostile draft's Markdown clean: no script, handler or javascript: link survives", async () => {
    const date = "2026-11-05";
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`));
    const writer = tamperingWriter((draft) => ({
      ...draft,
      body: `${draft.body}\n\n<script>alert(1)</script><img src="x" onerror="alert(2)"> [read more](javascript:alert(3))`,
    }));
    await runTasks({ ...deps, writer }, ["daily_roundup"], date);
    const [roundup] = await articlesOf(date);
    const content = String(roundup?.content);
    expect(content).toContain("Data as of");
    expect(content).not.toMatch(/<script|onerror|javascript:/i);
    expect(content).toContain("[read more](#)");
  });
});

describe("the order of the day", () => {
  it("writes the top 100's analyses last, so the latest lists (home shows six) lead with the biggest coins", async () => {
    const date = "2026-11-06";
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`));
    const { runs } = await runDay(deps, date);
    expect(new Set(runs.map((r) => r.task))).toEqual(
      new Set(["lunarcrush_data", "daily_roundup", "trending_top_100", "trending_101_300", "trending_301_500"]),
    );
    const written = (await articlesOf(date)).filter((a) => a.category_id === 17).map((a) => String(a.generation_key).split(":")[1]);
    expect(written).toEqual([
      ...Array(3).fill("trending_301_500"),
      ...Array(3).fill("trending_101_300"),
      ...Array(3).fill("trending_top_100"),
    ]);
  });
});

async function subscriber(email: string): Promise<void> {
  await env.DB.prepare("INSERT INTO newsletter_subscribers (email, status, consent_at, unsubscribe_token) VALUES (?, 'confirmed', ?, ?)")
    .bind(email, "2026-11-01T00:00:00.000Z", randomToken())
    .run();
}

async function edition(date: string) {
  return env.DB.prepare("SELECT status, sent_count, reason FROM newsletter_editions WHERE edition_date = ?")
    .bind(date)
    .first<{ status: string; sent_count: number; reason: string | null }>();
}

/** The day's newsletter mails in the offline outbox, as the mail queue's consumer sent them. */
async function dailyMails(date: string) {
  return (await listOutbox(getDb(env.DB), { channel: "email", limit: 200 })).filter(
    (m) => m.tags.category === "newsletter_daily" && m.tags.edition === date,
  );
}

describe("the day's newsletter, as the Workflow's last step", () => {
  it("goes out from the instance that wrote the day's roundup, through the real mail queue, once however often it runs", async () => {
    const date = "2026-11-12";
    await subscriber("reader@example.com");
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`));
    shareWithWorkflow(deps);
    const { instanceId } = await restartTasks(deps, ["daily_roundup"], date, "manual");
    await using instance = await introspectWorkflowInstance(env.NEWSROOM, String(instanceId));
    expect(await instance.waitForStepResult({ name: NEWSLETTER_STEP_NAME })).toMatchObject({
      date,
      status: "sending",
      queued: 1,
      messages: 1,
    });
    expect((await settle(instanceId)).status).toBe("complete");
    // The queue hands the message to the Worker's consumer within about a second.
    await vi.waitFor(async () => expect(await edition(date)).toMatchObject({ status: "sent", sent_count: 1 }), {
      timeout: 30_000,
      interval: 100,
    });
    const [mail, ...more] = await dailyMails(date);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(`/article/daily-crypto-roundup-${date}`);
    // Without PUBLIC_ORIGIN outside production, links point at the local site.
    expect(mail?.text).toContain("http://127.0.0.1:8787/unsubscribe?token=");

    // An admin's retry of the roundup ends with the step again, which finds the day sent.
    const again = await runTasks(deps, ["daily_roundup"], date, "retry");
    expect((again.status.output as InstanceOutput).newsletter).toMatchObject({ status: "sent", reason: "Already sent today" });
    expect(await dailyMails(date)).toHaveLength(1);
  });

  it("records why nothing went out when the roundup was held for review", async () => {
    const date = "2026-11-13";
    // The writer types Bitcoin's price instead of citing it, in the first draft and in the repair.
    const writer = tamperingWriter((draft) => ({ ...draft, body: draft.body.replace("{{bitcoin.price}}", "$71,250.00") }));
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`), { writer });
    const run = await runTasks(deps, ["daily_roundup"], date);
    expect(run.status.status).toBe("errored");
    expect(await edition(date)).toMatchObject({ status: "skipped", reason: `No Daily Roundup published on ${date} yet` });
  });

  it("mails nothing for an earlier day's roundup, nor from an instance without the roundup", async () => {
    const deps = await testDeps(clockAt("2026-11-15T06:00:00Z"));
    const earlier = await runTasks(deps, ["daily_roundup"], "2026-11-14", "retry");
    expect((earlier.status.output as InstanceOutput).newsletter).toEqual({
      status: "not sent",
      reason: "The roundup of 2026-11-14 was written on 2026-11-15",
    });
    const data = await runTasks(deps, ["lunarcrush_data"], "2026-11-15");
    expect((data.status.output as InstanceOutput).newsletter).toBeNull();
    expect(await edition("2026-11-14")).toBeNull();
    expect(await edition("2026-11-15")).toBeNull();
  });
});
