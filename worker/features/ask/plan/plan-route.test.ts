import { describe, expect, it } from "vitest";
import type { AskPlan, AskPlanRefusal } from "#schema/contracts/ask-plan.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { getJson, ORIGIN } from "#worker/test/http.ts";

type Answer = AskPlan | AskPlanRefusal;

/** POSTs to the planner as a page of this site does; every answer is checked against the contract. */
function plan(body: unknown, headers: Record<string, string> = {}) {
  return getJson<Answer & ErrorBody>("/api/ask-coinsight/plan", {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
}

describe("POST /api/ask-coinsight/plan", () => {
  it("plans a comparison from the live coin table, with the summary the member reads above the answer", async () => {
    const { status, body, res } = await plan({ question: "is SOL doing better than ETH this week?" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ kind: "plan", intent: "compare", scope: "coins", period: "7d", metric: "change" });
    expect((body as AskPlan).coins.map((c) => c.id)).toEqual(["solana", "ethereum"]);
    expect((body as AskPlan).summary).toMatch(/Solana.*Ethereum.*7 days/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("keeps the previous turn's coins and period for a follow-up", async () => {
    const first = (await plan({ question: "how did bitcoin do this month" })).body as AskPlan;
    expect(first).toMatchObject({ intent: "movement", period: "30d" });
    const { body } = await plan({ question: "and eth?", previous: first });
    expect(body).toMatchObject({ kind: "plan", period: "30d" });
    expect((body as AskPlan).coins.map((c) => c.id)).toEqual(["ethereum"]);
  });

  it("refuses advice and predictions kindly, saying what it can answer instead", async () => {
    for (const question of ["should I buy bitcoin now", "will eth hit 10k next year"]) {
      const { status, body } = await plan({ question });
      expect(status, question).toBe(200);
      expect(body, question).toMatchObject({ kind: "refusal" });
      expect((body as AskPlanRefusal).message.length, question).toBeGreaterThan(20);
    }
  });

  it("answers a bad body with the one error shape, naming the field, and a cross-site post with 403", async () => {
    const empty = await plan({ question: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe("BAD_REQUEST");
    expect(JSON.stringify(empty.body.error)).toContain("Type a question");
    const long = await plan({ question: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body.error)).toContain("at most 500 characters");
    // A previous plan the schema refuses (a comparison of one coin) is refused, not guessed at.
    const bad = await plan({
      question: "and eth?",
      previous: { kind: "plan", intent: "compare", scope: "coins", coins: [], period: "7d", metric: "change", screen: null, summary: "x" },
    });
    expect(bad.status).toBe(400);
    const cross = await plan({ question: "how is btc" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(cross.status).toBe(403);
  });
});
