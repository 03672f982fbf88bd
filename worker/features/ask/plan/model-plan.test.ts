import { describe, expect, it } from "vitest";
import type { PlanProposer, Proposal } from "#worker/ports/llm/plan-proposal.ts";
import { UpstreamError } from "#worker/ports/port.ts";
import type { MarketRow } from "./coins.ts";
import { planWithModel } from "./model-plan.ts";

const coins: MarketRow[] = [
  { id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1 },
  { id: "ethereum", symbol: "eth", name: "Ethereum", rank: 2 },
  { id: "solana", symbol: "sol", name: "Solana", rank: 5 },
  { id: "chainlink", symbol: "link", name: "Chainlink", rank: 14 },
];

const base: Proposal = { kind: "plan", intent: null, coins: [], watchlist: false, period: null, metric: null, screen: null, refusal: null };
/** A model that proposes what the test says, and counts how often it was asked. */
function model(answer: Partial<Proposal> | Error): PlanProposer & { asked: number } {
  const m = {
    source: "test",
    model: "m",
    asked: 0,
    async propose() {
      m.asked += 1;
      if (answer instanceof Error) throw answer;
      return { ...base, ...answer };
    },
  };
  return m;
}

describe("plans proposed by a live model, checked by the server", () => {
  it("resolves the model's coins against the market table and writes the summary itself", async () => {
    const proposer = model({ intent: "compare", coins: ["SOL", "ether"], period: "7d", metric: "change" });
    const { plan, source } = await planWithModel("how is solana going compared with the second biggest coin", { coins }, proposer);
    expect(source).toBe("model");
    expect(plan).toMatchObject({
      kind: "plan",
      intent: "compare",
      scope: "coins",
      coins: [
        { id: "solana", symbol: "SOL", name: "Solana" },
        { id: "ethereum", symbol: "ETH", name: "Ethereum" },
      ],
      period: "7d",
      summary: "Comparing Solana and Ethereum over 7 days",
    });
  });

  it("builds a screen's scope and universe from the proposal", async () => {
    const proposer = model({ intent: "screen", period: "24h", metric: "change", screen: { universe: null, order: "lowest", limit: 5 } });
    const { plan } = await planWithModel("what tanked hardest today among the big ones", { coins }, proposer);
    expect(plan).toMatchObject({ intent: "screen", scope: "market", screen: { universe: 100, order: "lowest", limit: 5 } });
  });

  it("keeps the parser's refusals of advice and predictions: the model is not asked", async () => {
    const proposer = model({ intent: "about", coins: ["bitcoin"], period: "24h", metric: "profile" });
    const { plan } = await planWithModel("should I buy bitcoin now?", { coins }, proposer);
    expect(plan).toMatchObject({ kind: "refusal", reason: "advice" });
    expect(proposer.asked).toBe(0);
  });

  it("passes on the model's own refusal, with the server's kind message", async () => {
    const { plan } = await planWithModel("what's the gas on my wallet", { coins }, model({ kind: "refusal", refusal: "onchain" }));
    expect(plan).toMatchObject({ kind: "refusal", reason: "onchain", message: expect.stringMatching(/\S/) });
  });

  it("drops a proposal naming a coin the table does not hold, one the rules refuse, or none at all, for the parser's plan", async () => {
    const dropped: string[] = [];
    const note = (reason: string) => dropped.push(reason);
    const question = "how did chainlink do this week?";
    const offline = (await planWithModel(question, { coins }, null)).plan;
    expect(offline).toMatchObject({ intent: "movement", coins: [{ id: "chainlink" }] });
    for (const proposer of [
      model({ intent: "movement", coins: ["Dogecoin"], period: "7d", metric: "change" }),
      model({ intent: "compare", coins: ["link"], period: "7d", metric: "change" }),
      model({ intent: "movement", coins: ["link"], period: null, metric: "change" }),
      model(new UpstreamError("LLM endpoint answered 503", 503)),
    ]) {
      const { plan, source } = await planWithModel(question, { coins }, proposer);
      expect(source).toBe("parser");
      expect(plan).toEqual(offline);
    }
    expect(dropped).toHaveLength(0);
    await planWithModel(question, { coins }, model(new UpstreamError("down", 503)), note);
    expect(dropped).toEqual(["down"]);
  });
});
