import { describe, expect, it } from "vitest";
import type { ArticleWriter } from "#worker/ports/llm/llm.ts";
import { createOfflineWriter } from "#worker/ports/llm/offline.ts";
import { ARTICLES_PER_BAND } from "./tasks/trending.ts";
import { articlesOf, clockAt, fixedMarket, runOf, runTasks, tamperingWriter, testDeps } from "./test-support.ts";
import { tokensUsed } from "./token-budget.ts";

/** An LLM-like writer: the template writer's drafts, reported with a model, token usage and raw answer. */
function llmWriter(usage = { promptTokens: 500, completionTokens: 200 }) {
  const inner = createOfflineWriter();
  const writer: ArticleWriter & { calls: number } = {
    source: "openai-compatible",
    model: "gpt-test",
    calls: 0,
    async write(brief) {
      writer.calls++;
      const draft = await inner.write(brief);
      return { ...draft, model: "gpt-test", usage, promptHash: "ab".repeat(32), raw: JSON.stringify({ title: draft.title }) };
    },
  };
  return writer;
}

describe("repair, then hold", () => {
  it("sends a failing draft back once with its problems and publishes the repaired one", async () => {
    const date = "2026-10-20";
    const clock = clockAt(`${date}T06:00:00Z`);
    const seen: string[][] = [];
    const writer = tamperingWriter((d, call, repair) => {
      if (repair) seen.push(repair.problems);
      return call === 1 ? { ...d, body: `${d.body}\n\nBitcoin will hit a new high next week.` } : d;
    });
    const deps = await testDeps(clock, { writer });
    await runTasks(deps, ["daily_roundup"], date);
    const [article] = await articlesOf(date);
    expect(article?.status).toBe("published");
    expect(writer.calls).toBe(2);
    // The repair request quotes the held sentence and its coin with why.
    expect(seen[0]).toEqual(
      expect.arrayContaining(['In "Bitcoin will hit a new high next week." (Bitcoin): "will": a prediction, which the data does not show']),
    );
  });

  it("holds a draft that fails twice, with one problem per line and the per-figure table", async () => {
    const date = "2026-10-21";
    const clock = clockAt(`${date}T06:00:00Z`);
    // Ethereum's price written into a sentence about Bitcoin, every time.
    const writer = tamperingWriter((d) => ({ ...d, body: d.body.replace("to {{bitcoin.price}}", "to {{ethereum.price}}") }));
    const deps = await testDeps(clock, { writer });
    await runTasks(deps, ["daily_roundup"], date);
    const [article] = await articlesOf(date);
    expect(article?.status).toBe("review");
    expect(writer.calls).toBe(2);
    const lines = String(article?.review_reason).split("\n");
    expect(lines[0]).toBe("Claim check failed:");
    // The reason names the sentence and its coin, and the figure by its display text: no raw fact id.
    expect(
      lines
        .slice(1)
        .some((l) => /^In ".*" \(Bitcoin.*\): "\$[\d,.]+": this is Ethereum price \(USD\), but the sentence is about Bitcoin$/.test(l)),
    ).toBe(true);
    expect(String(article?.review_reason)).not.toMatch(/\{\{|\}\}/);
    const row = await deps.env.DB.prepare("SELECT grounding_json, generation_json FROM articles WHERE id = ?").bind(article?.id).first<{
      grounding_json: string;
      generation_json: string;
    }>();
    const figures = JSON.parse(String(row?.grounding_json)) as { ref: string; ok: boolean; subject: string }[];
    expect(figures.find((f) => f.ref === "ethereum.price" && !f.ok)).toMatchObject({ subject: "bitcoin" });
    expect(figures.filter((f) => f.ok).length).toBeGreaterThan(10);
    expect(JSON.parse(String(row?.generation_json))).toMatchObject({ writer: "offline", attempts: 2 });
  });
});

describe("band refill", () => {
  it("replaces a held trending pick with the band's next candidate, so the band still publishes its articles", async () => {
    const date = "2026-10-22";
    const clock = clockAt(`${date}T06:00:00Z`);
    let held = "";
    // The first coin the writer is given is always misdescribed: its article is held.
    const writer = tamperingWriter((d) => {
      const first = /\{\{([a-z0-9-]+)\.price\}\}/.exec(d.body)?.[1] ?? "";
      held ||= first;
      return first === held ? { ...d, body: `${d.body}\n\nAn ETF approval lifted the coin.` } : d;
    });
    const deps = await testDeps(clock, { writer });
    await runTasks(deps, ["lunarcrush_data"], date);
    await runTasks(deps, ["trending_top_100"], date);
    const run = await runOf("trending_top_100", date);
    expect(run?.status).toBe("completed");
    const written = (await articlesOf(date)).filter((a) => String(a.generation_key).includes("trending_top_100"));
    expect(written.filter((a) => a.status === "published")).toHaveLength(ARTICLES_PER_BAND);
    expect(written.filter((a) => a.status === "review").map((a) => String(a.generation_key).split(":")[2])).toEqual([held]);
    const state = JSON.parse(String(run?.state_json));
    expect(state.picks).toHaveLength(ARTICLES_PER_BAND + 1);
    expect(state.results[held]).toBe("review");
  });
});

describe("no simulated data passed off as real", () => {
  it("in production, refuses offline market data and does not retry on its own", async () => {
    const date = "2026-10-23";
    const clock = clockAt(`${date}T06:00:00Z`);
    const base = await testDeps(clock);
    const deps = { ...base, env: { ...base.env, APP_ENV: "production" } };
    await runTasks(deps, ["daily_roundup"], date);
    const run = await runOf("daily_roundup", date);
    expect(run).toMatchObject({ status: "failed", error_category: "dependency" });
    expect(String(run?.error_message)).toMatch(/Production refuses to write articles from offline market data/);
    expect(String(run?.error_suggested_action)).toMatch(/live market and social data/);
    expect(await articlesOf(date)).toHaveLength(0);
  });

  it("in production, refuses the offline sentiment model even with live market data", async () => {
    const date = "2026-10-24";
    const clock = clockAt(`${date}T06:00:00Z`);
    const market = { ...(await fixedMarket(clock.now - 30_000)), source: "coingecko" };
    const base = await testDeps(clock, { market: async () => market });
    const deps = { ...base, env: { ...base.env, APP_ENV: "production" } };
    await runTasks(deps, ["lunarcrush_data"], date);
    const run = await runOf("lunarcrush_data", date);
    expect(run).toMatchObject({ status: "failed", error_category: "dependency" });
    expect(String(run?.error_message)).toMatch(/offline sentiment model/);
  });

  it("fails a task on market data older than 30 minutes as a validation error, for a person: waiting does not refresh prices", async () => {
    const date = "2026-10-25";
    const clock = clockAt(`${date}T06:00:00Z`);
    const stale = await fixedMarket(clock.now - 31 * 60_000);
    const deps = await testDeps(clock, { market: async () => stale });
    await runTasks(deps, ["daily_roundup"], date);
    const run = await runOf("daily_roundup", date);
    expect(run).toMatchObject({ status: "failed", error_category: "validation", retry_count: 0 });
    expect(String(run?.error_suggested_action)).toMatch(/price feed/);
    expect(String(run?.error_message)).toMatch(/^The market data is 31 minutes old/);
    expect(await articlesOf(date)).toHaveLength(0);
  });
});

describe("the daily token budget", () => {
  it("records each call's tokens and stops generation cleanly once the day's budget is spent", async () => {
    // Earlier than the other tests' days, so none of their retries falls due on this clock.
    const date = "2026-10-10";
    const clock = clockAt(`${date}T06:00:00Z`);
    const writer = llmWriter();
    const base = await testDeps(clock, { writer });
    const deps = { ...base, env: { ...base.env, LLM_DAILY_TOKEN_BUDGET: "1000" } };
    await runTasks(deps, ["lunarcrush_data"], date);
    await runTasks(deps, ["trending_top_100"], date);
    // 700 tokens per article: the first two fit under 1000 at the time they start, the third does not.
    expect(writer.calls).toBe(2);
    expect(await tokensUsed(deps)).toBe(1400);
    const run = await runOf("trending_top_100", date);
    expect(run).toMatchObject({ status: "failed", error_category: "dependency" });
    expect(String(run?.error_message)).toMatch(/daily token budget is spent \(1400 of 1000 tokens/);
    expect(String(run?.error_suggested_action)).toMatch(/LLM_DAILY_TOKEN_BUDGET/);
    const written = await articlesOf(date);
    expect(written.map((a) => a.status)).toEqual(["published", "published"]);
    const row = await deps.env.DB.prepare("SELECT generation_json FROM articles WHERE id = ?")
      .bind(written[0]?.id)
      .first<{ generation_json: string }>();
    expect(JSON.parse(String(row?.generation_json))).toMatchObject({
      writer: "openai-compatible",
      model: "gpt-test",
      attempts: 1,
      usage: { promptTokens: 500, completionTokens: 200 },
      promptHash: "ab".repeat(32),
    });
  });
});
