import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { AskFreeResponse, AskRefusal } from "#schema/contracts/ask-free-types.ts";
import type { AskPlan } from "#schema/contracts/ask-plan.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { WATCHLIST_SIGN_IN } from "./free.routes.ts";
import { MESSAGES } from "./gate.ts";
import { askFree, freeEvents, liveCoin, persona, planFor, planOf, seedHistory, seedSocial } from "./test-support.ts";

type Reply = AskFreeResponse & AskRefusal;

async function trialsOf(userId: string | null) {
  const row = await env.DB.prepare("SELECT trial_queries_remaining AS t FROM subscriptions WHERE user_id = ?")
    .bind(userId)
    .first<{ t: number }>();
  return row?.t;
}

describe("free-text answers (POST /api/ask-coinsight/answer)", () => {
  beforeAll(async () => {
    const btc = await liveCoin("BTC");
    await seedHistory(btc.id, btc.priceUsd, 40);
    await seedSocial(120);
    await insertArticle({ slug: "btc-free-answers", title: "Bitcoin steadies after a swing", cryptoSymbol: "BTC" });
  });

  it("answers every intent offline from the seeded data: checked text, the server's footer, the plan re-summarised", async () => {
    const pro = await persona("pro");
    const cases: [string, AskPlan["intent"], number][] = [
      ["what is bitcoin", "about", 0],
      ["how did bitcoin do this week", "movement", 1],
      ["bitcoin price range this month", "range", 1],
      ["sentiment on solana", "sentiment", 0],
      ["latest news on bitcoin", "news", 0],
      ["is SOL doing better than ETH this week?", "compare", 1],
      ["which top-100 coins fell most today?", "screen", 1],
    ];
    for (const [question, intent, tables] of cases) {
      const plan = await planFor(question);
      expect(plan.intent, question).toBe(intent);
      const { status, body } = await askFree<Reply>(pro, { question, plan: { ...plan, summary: "Whatever the client says" } });
      expect(status, question).toBe(200);
      expect(body.summary, question).toBe(plan.summary);
      expect(body.plan.summary, question).toBe(plan.summary);
      expect(body.question).toBe(question);
      expect(body.response.split("\n")[0], question).toMatch(/^## /);
      expect(body.response, question).not.toMatch(/\{\{|\}\}/);
      expect(body.response.trim().split("\n").pop(), question).toMatch(/^As of .+ UTC\. Sources: .+\.$/);
      expect(body.tables, question).toHaveLength(tables);
      expect(body.id, question).toMatch(/^[0-9a-f-]{36}$/);
    }
  }, 120_000);

  it("news about two coins: each coin's coverage in turn, in one checked answer; a coin without coverage is left out", async () => {
    const pro = await persona("pro");
    await insertArticle({ slug: "eth-free-answers", title: "Ethereum holds its range", cryptoSymbol: "ETH" });
    const question = "latest news on bitcoin and ethereum";
    const plan = await planFor(question);
    expect(plan).toMatchObject({ intent: "news", coins: [{ id: "bitcoin" }, { id: "ethereum" }] });
    const { status, body } = await askFree<Reply>(pro, { question, plan });
    expect(status).toBe(200);
    expect(body.response).toMatch(/^## Latest on Coinsight about Bitcoin\n[\s\S]+\n## Latest on Coinsight about Ethereum\n/);
    expect(body.response).toContain("[Ethereum holds its range](/article/eth-free-answers)");
    const withDoge = await askFree<Reply>(pro, {
      question: "news on bitcoin and dogecoin",
      plan: await planFor("news on bitcoin and dogecoin"),
    });
    expect(withDoge.status).toBe(200);
    expect(withDoge.body.response).not.toMatch(/about Dogecoin/);
  });

  it("a comparison: one line per coin, the leader said against each, and a table highest first with tones from the sign", async () => {
    const basic = await persona("basic");
    const plan = await planFor("compare btc, eth and sol over 7 days");
    const { status, body } = await askFree<Reply>(basic, { question: "compare btc, eth and sol over 7 days", plan });
    expect(status).toBe(200);
    expect(body.response).toMatch(/^## Bitcoin, Ethereum and Solana\n/);
    for (const name of ["Bitcoin", "Ethereum", "Solana"])
      expect(body.response).toMatch(new RegExp(`- ${name} (rose|fell|was little changed at) [+-]?\\d+\\.\\d\\d% over 7 days\\.`));
    const [table] = body.tables;
    expect(table?.columns.map((c) => c.key)).toEqual(["change_7d", "price", "market_cap"]);
    const changes = table?.rows.map((r) => Number(r.cells[0]?.text.replace("%", ""))) ?? [];
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    for (const row of table?.rows ?? []) {
      const v = Number(row.cells[0]?.text.replace("%", ""));
      expect(row.cells[0]?.tone).toBe(v > 0 ? "up" : v < 0 ? "down" : null);
      expect(row.cells[1]?.tone).toBeNull();
    }
    const lead = table?.rows[0]?.name;
    expect(body.response).toContain(`${lead} did better than`);
    expect(body.charged).toBe(true);
    expect(body.subscription?.queryCount).toBe(1);
  });

  it("a screen: the movers' rule, at most `limit` rows, biggest fall first, and the universe and rule in the note", async () => {
    const pro = await persona("pro");
    const question = "5 biggest drops in the top 100 today";
    const plan = await planFor(question);
    expect(plan).toMatchObject({ intent: "screen", screen: { universe: 100, order: "lowest", limit: 5 } });
    const { body } = await askFree<Reply>(pro, { question, plan });
    const [table] = body.tables;
    expect(table?.rows).toHaveLength(5);
    const changes = table?.rows.map((r) => Number(r.cells[0]?.text.replace("%", ""))) ?? [];
    expect(changes).toEqual([...changes].sort((a, b) => a - b));
    expect(table?.rows.every((r) => r.cells[0]?.tone === "down")).toBe(true);
    expect(table?.note).toMatch(/^Ranked: the top 100 coins by market cap, by 24-hour change, lowest first\./);
    expect(body.response.match(/^- /gm)).toHaveLength(5);
  });

  it("a watchlist plan: the member's own coins; a guest is refused with 401 and nothing is counted", async () => {
    const question = "how did my coins do this week";
    const plan = await planFor(question);
    expect(plan).toMatchObject({ intent: "watchlist", scope: "watchlist" });

    const guest = await persona("guest");
    const refused = await askFree<Reply>(guest, { question, plan });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: "UNAUTHORIZED", message: WATCHLIST_SIGN_IN });

    const member = await persona("free");
    const empty = await askFree<Reply>(member, { question, plan });
    expect(empty.status).toBe(404);
    expect(empty.body.error.message).toMatch(/no coins Coinsight tracks yet.+not counted/);
    expect(await trialsOf(member.userId)).toBe(2);

    for (const cryptoSymbol of ["ETH", "BTC"]) {
      const add = await member.agent.fetch("/api/watchlist/add", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ cryptoSymbol, cryptoName: cryptoSymbol }),
      });
      expect(add.status).toBe(201);
    }
    const { status, body } = await askFree<Reply>(member, { question, plan });
    expect(status).toBe(200);
    expect(body.tables[0]?.rows.map((r) => r.symbol)).toEqual(["BTC", "ETH"]);
    expect(body.response).toMatch(/^## Your watchlist\n\n- Bitcoin .+ over 7 days\.\n- Ethereum .+ over 7 days\./);
    expect(body).toMatchObject({ charged: true, subscription: { trialQueriesRemaining: 1 } });
  });

  it("streams the tables first, then the checked lines, and ends with the JSON answer", async () => {
    const pro = await persona("pro");
    const question = "eth vs sol market cap";
    const plan = await planFor(question);
    const { status, body, res } = await askFree<string>(pro, { question, plan }, { accept: "text/event-stream" });
    expect(status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = freeEvents(body);
    expect(events[0]?.event).toBe("table");
    const firstDelta = events.findIndex((e) => e.event === "delta");
    expect(events.slice(0, firstDelta).every((e) => e.event === "table")).toBe(true);
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    if (done?.event !== "done") return;
    const text = events.flatMap((e) => (e.event === "delta" ? [e.data.text] : [])).join("");
    expect(done.data.response).toBe(text);
    expect(done.data.tables).toEqual(events.flatMap((e) => (e.event === "table" ? [e.data] : [])));
  });

  it("an about plan is the free about question (a guest's daily limit); other plans need a plan or the trial", async () => {
    const guest = await persona("guest");
    const about = await askFree<Reply>(guest, { question: "what is solana", plan: await planFor("what is solana") });
    expect(about.status).toBe(200);
    expect(about.body).toMatchObject({ charged: false, id: null, subscription: null, rateLimit: { remaining: 4 } });
    const compare = await askFree<Reply>(guest, { question: "sol vs eth", plan: await planFor("sol vs eth") });
    expect(compare.status).toBe(402);
    expect(compare.body.error.message).toBe(MESSAGES.guestPremium);
  });

  it("a plan the data cannot answer, and a coin no longer tracked, are 404 and not counted", async () => {
    const member = await persona("free");
    const plan = await planFor("sentiment on bitcoin");
    // Coin 450 has no social snapshot (only the top 120 were seeded).
    const far = (await planOf("how is bitcoin doing")) as AskPlan;
    const coin = { id: "no-such-coin", symbol: "NOPE", name: "Nope" };
    const gone = await askFree<Reply>(member, { question: "how is nope doing", plan: { ...far, coins: [coin] } });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toMatch(/no longer tracks Nope\. This question was not counted\./);
    const rows =
      (await env.DB.prepare("SELECT id, symbol, name FROM coins WHERE rank > 400 LIMIT 1").first<{
        id: string;
        symbol: string;
        name: string;
      }>()) ?? coin;
    const thin = await askFree<Reply>(member, { question: "sentiment", plan: { ...plan, coins: [rows] } });
    expect(thin.status).toBe(404);
    expect(thin.body.error.message).toMatch(/not counted/);
    expect(await trialsOf(member.userId)).toBe(2);
  });

  it("parallel asks keep the Durable Object's count exact: two trial questions, two answers", async () => {
    const member = await persona("free");
    const plan = await planFor("compare bitcoin and ethereum");
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => askFree<Reply>(member, { question: "compare bitcoin and ethereum", plan })),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    expect(await trialsOf(member.userId)).toBe(0);
    for (const r of replies.filter((x) => x.status === 200)) expect(r.body.charged).toBe(true);
  });

  it("refuses bad bodies with 400 in the one error shape, never 500", async () => {
    const pro = await persona("pro");
    const plan = await planFor("is SOL doing better than ETH this week?");
    const bad: unknown[] = [
      "not json",
      {},
      { question: "x" },
      { plan },
      { question: "", plan },
      { question: "x".repeat(501), plan },
      { question: "x", plan, extra: 1 },
      { question: "x", plan: { ...plan, coins: plan.coins.slice(0, 1) } },
      { question: "x", plan: { ...plan, metric: "news" } },
      { question: "x", plan: { ...plan, intent: "screen" } },
      { question: "x", plan: { kind: "refusal", reason: "advice", message: "no" } },
    ];
    for (const body of bad) {
      const res = await askFree<Reply>(pro, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "BAD_REQUEST" });
    }
  });
});
