import { afterEach, describe, expect, it, vi } from "vitest";
import openAi429 from "./fixtures/openai-429.json";
import completion from "./fixtures/openai-chat-completion.json";
import truncated from "./fixtures/openai-chat-completion-truncated.json";
import workersAiJson from "./fixtures/workers-ai-json-mode.json";
import workersAiTruncated from "./fixtures/workers-ai-truncated.json";
import { createOpenAiCompatibleWriter } from "./openai-compatible.ts";
import { buildMessages, promptHash } from "./prompt.ts";
import { trendingBrief as brief } from "./test-support.ts";
import { createWorkersAiWriter } from "./workers-ai.ts";

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, init: ResponseInit = {}) => Response.json(body, init);

describe("OpenAI-compatible writer against recorded answers", () => {
  it("reads a JSON-mode answer with its model, token usage, prompt hash and raw text", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(completion));
    const writer = createOpenAiCompatibleWriter({ baseUrl: "https://llm.example/v1", apiKey: "k", model: "gpt-4o-mini" });
    const draft = await writer.write(brief);
    expect(draft).toMatchObject({
      title: "Zcash (ZEC) draws attention",
      excerpt: "Zcash trades at {{zcash.price}}.",
      model: "gpt-4o-mini",
      usage: { promptTokens: 1117, completionTokens: 142 },
      raw: completion.choices[0]?.message.content,
    });
    expect(draft.promptHash).toBe(await promptHash(buildMessages(brief)));
    expect(draft.promptHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses an answer cut off at the token limit", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(truncated));
    const writer = createOpenAiCompatibleWriter({ baseUrl: "https://llm.example/v1", model: "m" });
    await expect(writer.write(brief)).rejects.toMatchObject({
      name: "ValidationError",
      message: expect.stringMatching(/cut off at the token limit/),
    });
  });

  it("waits as long as a 429's Retry-After asks, then tries again", async () => {
    const spy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(openAi429, { status: 429, headers: { "retry-after": "2" } }))
      .mockResolvedValueOnce(json(completion));
    const waits: number[] = [];
    const writer = createOpenAiCompatibleWriter({
      baseUrl: "https://llm.example/v1",
      model: "m",
      sleep: async (ms) => void waits.push(ms),
    });
    const draft = await writer.write(brief);
    expect(draft.title).toBe("Zcash (ZEC) draws attention");
    expect(waits).toEqual([2000]);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("leaves a long Retry-After to the pipeline's backoff, saying how long", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(openAi429, { status: 429, headers: { "retry-after": "120" } }));
    const waits: number[] = [];
    const writer = createOpenAiCompatibleWriter({
      baseUrl: "https://llm.example/v1",
      model: "m",
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(writer.write(brief)).rejects.toMatchObject({ name: "UpstreamError", status: 429, retryAfterMs: 120_000 });
    expect(waits).toEqual([]);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it.each([400, 401, 404])("does not retry a %i", async (status) => {
    const spy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json({ error: { message: "no" } }, { status }));
    const writer = createOpenAiCompatibleWriter({ baseUrl: "https://llm.example/v1", model: "m", sleep: async () => {} });
    await expect(writer.write(brief)).rejects.toMatchObject({ name: "UpstreamError", status });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("retries a server error up to its attempts, then gives up", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("down", { status: 503 }));
    const writer = createOpenAiCompatibleWriter({ baseUrl: "https://llm.example/v1", model: "m", sleep: async () => {}, maxAttempts: 3 });
    await expect(writer.write(brief)).rejects.toMatchObject({ name: "UpstreamError", status: 503 });
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it("sends a repair round with the first draft and its problems", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(completion));
    const writer = createOpenAiCompatibleWriter({ baseUrl: "https://llm.example/v1", model: "m" });
    const previous = { title: "T", excerpt: "E", body: "B", model: "m" };
    await writer.write(brief, { previous, problems: ['"will": a prediction, which the data does not show'] });
    const messages = JSON.parse(String(spy.mock.calls[0]?.[1]?.body)).messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(messages[3]?.content).toContain('"will": a prediction, which the data does not show');
  });
});

describe("Workers AI writer against recorded answers", () => {
  it("reads a JSON-mode answer with its token usage", async () => {
    const writer = createWorkersAiWriter({ ai: { run: async () => workersAiJson }, model: "@cf/meta/llama-3.3-70b-instruct-fp8-fast" });
    const draft = await writer.write(brief);
    expect(draft).toMatchObject({ title: "Zcash (ZEC) draws attention", usage: { promptTokens: 1098, completionTokens: 151 } });
    expect(draft.raw).toContain('"title":"Zcash (ZEC) draws attention"');
  });

  it("refuses an answer that used its whole token limit", async () => {
    const writer = createWorkersAiWriter({ ai: { run: async () => workersAiTruncated } });
    await expect(writer.write(brief)).rejects.toMatchObject({ name: "ValidationError", message: expect.stringMatching(/cut off/) });
  });

  it("gives up on a call that does not answer within its timeout", async () => {
    const writer = createWorkersAiWriter({ ai: { run: () => new Promise(() => {}) }, timeoutMs: 5 });
    await expect(writer.write(brief)).rejects.toMatchObject({ name: "TimeoutError", message: "Workers AI timed out after 0 s" });
  });
});
