import { afterEach, describe, expect, it, vi } from "vitest";
import { createPlanProposer } from "./create-plan-proposer.ts";
import openAiPlan from "./fixtures/openai-plan-proposal.json";
import workersAiPlan from "./fixtures/workers-ai-plan-proposal.json";
import { createOpenAiPlanProposer, createWorkersAiPlanProposer, ProposalFormatError, proposalSchema } from "./plan-proposal.ts";
import type { AiRunner } from "./workers-ai.ts";

afterEach(() => vi.restoreAllMocks());

const previous = {
  kind: "plan" as const,
  intent: "movement" as const,
  scope: "coins" as const,
  coins: [{ id: "solana", symbol: "SOL", name: "Solana" }],
  period: "24h" as const,
  metric: "change" as const,
  screen: null,
  summary: "How Solana moved over 24 hours",
};

describe("plan proposals from a live model, against recorded answers", () => {
  it("asks an OpenAI-compatible endpoint for strict structured output and reads the proposal", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(Response.json(openAiPlan));
    const proposer = createOpenAiPlanProposer({ baseUrl: "https://llm.example/v1/", apiKey: "k", model: "gpt-4o-mini" });
    const proposal = await proposer.propose("is sol doing better than eth this week?", previous);
    expect(proposal).toEqual({
      kind: "plan",
      intent: "compare",
      coins: ["sol", "Ethereum"],
      watchlist: false,
      period: "7d",
      metric: "change",
      screen: null,
      refusal: null,
    });
    const [url, init = {}] = spy.mock.calls[0] ?? [];
    expect(String(url)).toBe("https://llm.example/v1/chat/completions");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer k");
    const body = JSON.parse(String(init.body));
    expect(body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "ask_plan", strict: true } });
    // Strict structured outputs need every property required and no others.
    const schema = body.response_format.json_schema.schema;
    expect(schema.additionalProperties).toBe(false);
    expect([...schema.required].sort()).toEqual(Object.keys(proposalSchema.shape).sort());
    expect(body.temperature).toBe(0);
    // The follow-up's context goes with the question, its coins by name (never ids to echo back).
    expect(body.messages.at(-1).content).toContain('"coins":["Solana"]');
    expect(body.messages.at(-1).content).toContain("Question: is sol doing better than eth this week?");
  });

  it("reads a Workers AI JSON-mode answer", async () => {
    const run = vi.fn(async () => workersAiPlan);
    const proposal = await createWorkersAiPlanProposer({ ai: { run } as unknown as AiRunner }).propose(
      "which top 100 coins fell most today",
      null,
    );
    expect(proposal).toMatchObject({ intent: "screen", screen: { universe: 100, order: "lowest", limit: 5 } });
    expect(run).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ response_format: expect.objectContaining({ type: "json_schema" }) }),
    );
  });

  it("refuses an answer outside the schema or not JSON, and an endpoint's error, as errors the caller falls back from", async () => {
    const content = (text: string) => Response.json({ choices: [{ message: { content: text } }] });
    const proposer = createOpenAiPlanProposer({ baseUrl: "https://llm.example/v1", model: "m" });
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(content("not json"))
      .mockResolvedValueOnce(content(JSON.stringify({ kind: "plan", intent: "buy", coins: [] })))
      .mockResolvedValueOnce(new Response("{}", { status: 429 }));
    await expect(proposer.propose("q", null)).rejects.toBeInstanceOf(ProposalFormatError);
    await expect(proposer.propose("q", null)).rejects.toBeInstanceOf(ProposalFormatError);
    await expect(proposer.propose("q", null)).rejects.toMatchObject({ name: "UpstreamError", status: 429 });
  });

  it("is chosen as the writer is: none offline", () => {
    expect(createPlanProposer({ LLM_BASE_URL: "", LLM_API_KEY: "", LLM_MODEL: "" } as Env)).toBeNull();
    expect(createPlanProposer({ LLM_BASE_URL: "https://llm.example/v1", LLM_API_KEY: "k", LLM_MODEL: "" } as Env)?.source).toBe(
      "openai-compatible",
    );
  });
});
