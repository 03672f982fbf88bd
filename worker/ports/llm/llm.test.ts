import { afterEach, describe, expect, it, vi } from "vitest";
import { createArticleWriter } from "./create-writer.ts";
import { createOpenAiCompatibleWriter } from "./openai-compatible.ts";
import { buildMessages, parseDraft } from "./prompt.ts";
import { trendingBrief as brief } from "./test-support.ts";
import { type AiRunner, createWorkersAiWriter } from "./workers-ai.ts";

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
