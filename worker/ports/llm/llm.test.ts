import { afterEach, describe, expect, it, vi } from "vitest";
import { createArticleWriter } from "./create-writer.ts";
import type { Fact, TrendingBrief } from "./llm.ts";
import { createOpenAiCompatibleWriter } from "./openai-compatible.ts";
import { buildMessages, parseDraft } from "./prompt.ts";
import { type AiRunner, createWorkersAiWriter } from "./workers-ai.ts";

const f = (label: string, kind: Fact["kind"], value: number, display: string, id = label.toLowerCase().replace(/\W+/g, "_")): Fact => ({
  id,
  label,
  kind,
  value,
  display,
});

const brief: TrendingBrief = {
  kind: "trending_analysis",
  date: "2026-11-22",
  asOf: "2026-11-22T06:00:00.000Z",
  band: { from: 1, to: 100, label: "1-100" },
  coin: {
    id: "zcash",
    name: "Zcash",
    symbol: "ZEC",
    rank: f("Zcash market-cap rank", "rank", 15, "#15"),
    price: f("Zcash price (USD)", "price", 501.63, "$501.63", "zcash.price"),
    change24h: { ...f("Zcash 24-hour price change", "percent", 12.22, "+12.22%"), signed: true },
    change7d: null,
    marketCap: f("Zcash market cap", "money", 8.43e9, "$8.43 billion"),
    volume24h: f("Zcash 24-hour trading volume", "money", 4.77e8, "$476.83 million"),
    categories: ["privacy"],
  },
  bandContext: {
    bandLabel: f("The band", "label", 0, "1-100"),
    coinsInBand: f("Coins ranked 1-100", "count", 100, "100"),
    momentumPosition: f("position", "rank", 2, "#2"),
    bandAverageSentiment: f("avg", "percent", 59, "59%"),
    bandMedianChange: { ...f("median", "percent", 1.2, "+1.20%"), signed: true },
  },
  socialSource: "lunarcrush",
  entities: [{ id: "zcash", name: "Zcash", symbol: "ZEC" }],
  time: { date: f("Date", "label", 0, "22 November 2026"), dataTime: f("Time", "label", 0, "06:00 UTC") },
  scale: f("Scale", "label", 0, "0 to 100"),
  sections: [{ title: "Zcash (ZEC)", facts: [f("Zcash price (USD)", "price", 501.63, "$501.63", "zcash.price")] }],
};

const answer = `TITLE: Zcash (ZEC) draws attention
EXCERPT: Zcash trades at $501.63.
BODY:
## Why Zcash is trending
Zcash trades at $501.63 and is among the coins ranked 1-100 with the most social momentum today. <script>alert(1)</script>
The data does not explain the move, and this article says so plainly rather than guessing at reasons for it.`;

afterEach(() => vi.restoreAllMocks());

describe("the writer prompt", () => {
  it("gives the model only the brief's facts, each with the text it must copy", () => {
    const [system, user] = buildMessages(brief);
    expect(system?.role).toBe("system");
    expect(system?.content).toMatch(/Use ONLY the facts/);
    expect(system?.content).toMatch(/cite its fact as \{\{id\}\}/);
    expect(user?.content).toContain("- [zcash.price] Zcash price (USD): $501.63");
    expect(user?.content).toContain("Data as of 2026-11-22T06:00:00.000Z");
    expect(user?.content).not.toContain("8.43");
  });

  it("reads TITLE / EXCERPT / BODY and strips any HTML", () => {
    const draft = parseDraft(answer, "m");
    expect(draft.title).toBe("Zcash (ZEC) draws attention");
    expect(draft.excerpt).toBe("Zcash trades at $501.63.");
    expect(draft.body.startsWith("## Why Zcash is trending")).toBe(true);
    expect(draft.body).not.toContain("<script>");
  });

  it("refuses an answer without the expected parts", () => {
    expect(() => parseDraft("Here is your article about Zcash!", "m")).toThrow(/title, an excerpt and a body/);
  });
});

describe("OpenAI-compatible writer", () => {
  it("posts the messages to /chat/completions with the Bearer key and model", async () => {
    const spy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ choices: [{ message: { role: "assistant", content: answer } }] }));
    const writer = createOpenAiCompatibleWriter({ baseUrl: "https://llm.example/v1/", apiKey: "sk-test", model: "gpt-test" });
    const draft = await writer.write(brief);
    expect(draft).toMatchObject({ title: "Zcash (ZEC) draws attention", model: "gpt-test" });
    const [input, init = {}] = spy.mock.calls[0] ?? [];
    expect(String(input)).toBe("https://llm.example/v1/chat/completions");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer sk-test");
    const body = JSON.parse(String(init.body));
    expect(body.model).toBe("gpt-test");
    expect(body.messages).toEqual(buildMessages(brief));
    expect(body.response_format).toEqual({ type: "json_object" });
  });

  it("turns a refused call and a bad body into UpstreamErrors", async () => {
    const writer = createOpenAiCompatibleWriter({ baseUrl: "https://llm.example/v1", model: "m" });
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("no", { status: 401 }));
    await expect(writer.write(brief)).rejects.toMatchObject({ name: "UpstreamError", status: 401 });
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(Response.json({ nope: true }));
    await expect(writer.write(brief)).rejects.toMatchObject({ name: "UpstreamError" });
  });
});

describe("Workers AI writer", () => {
  it("runs the configured model on the binding and reads { response }", async () => {
    const run = vi.fn(async () => ({ response: answer }));
    const writer = createWorkersAiWriter({ ai: { run } as AiRunner, model: "@cf/test/model" });
    const draft = await writer.write(brief);
    expect(draft.model).toBe("@cf/test/model");
    expect(run).toHaveBeenCalledWith(
      "@cf/test/model",
      expect.objectContaining({ messages: buildMessages(brief), response_format: expect.objectContaining({ type: "json_schema" }) }),
    );
  });

  it("reports a failing binding as an upstream failure", async () => {
    const writer = createWorkersAiWriter({ ai: { run: async () => Promise.reject(new Error("3040: capacity")) } });
    await expect(writer.write(brief)).rejects.toMatchObject({ name: "UpstreamError", message: "Workers AI failed: 3040: capacity" });
  });
});

describe("writer selection", () => {
  it("is offline by default, OpenAI-compatible with LLM_BASE_URL, Workers AI with the AI binding", () => {
    expect(createArticleWriter({}).source).toBe("offline");
    expect(createArticleWriter({ LLM_BASE_URL: "https://x/v1", LLM_MODEL: "m" })).toMatchObject({
      source: "openai-compatible",
      model: "m",
    });
    const ai = { run: async () => ({ response: answer }) } as unknown as Ai;
    expect(createArticleWriter({ AI: ai })).toMatchObject({ source: "workers-ai" });
  });
});
