import { describe, expect, it, vi } from "vitest";
import type { AnswerBrief } from "./answer.ts";
import { createOpenAiCompatibleAnswerer, createWorkersAiAnswerer } from "./answer-live.ts";
import { buildAnswerMessages } from "./answer-prompt.ts";
import { createAnswerer } from "./create-answerer.ts";

const change24h = {
  id: "bitcoin.change_24h",
  label: "Bitcoin 24-hour price change",
  kind: "percent",
  value: 2.31,
  display: "+2.31%",
  signed: true,
  subject: "bitcoin",
  metric: "change",
  period: "24h",
} as const;

const brief: AnswerBrief = {
  questionType: "price_movement",
  coin: { id: "bitcoin", name: "Bitcoin", symbol: "BTC" },
  question: "How has its price moved recently, and is that unusual?",
  asOf: "2026-11-23T18:00:00.000Z",
  sections: [{ title: "Bitcoin price moves", facts: [change24h] }],
  named: { change24h },
  entities: [{ id: "bitcoin", name: "Bitcoin", symbol: "BTC" }],
  notes: ["Coinsight does not hold enough daily price history for Bitcoin yet."],
};

const ANSWER = "## How Bitcoin has moved\n\nBitcoin rose {{bitcoin.change_24h}} over the last 24 hours. The data does not say why.";

/** A recorded OpenAI-style stream: role chunk, content pieces split mid-word, [DONE]. */
function recordedStream(pieces: string[]): string {
  const chunks = [
    { choices: [{ index: 0, delta: { role: "assistant", content: "" } }] },
    ...pieces.map((content) => ({ choices: [{ index: 0, delta: { content } }] })),
    { choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
  ];
  return `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("")}data: [DONE]\n\n`;
}

describe("the answering capability of the LLM port", () => {
  it("puts only the brief's facts with their ids, notes and the question in the prompt, and asks for citations", () => {
    const [system, user] = buildAnswerMessages(brief);
    expect(system?.content).toContain("Never predict a price");
    expect(system?.content).toContain("Never type a number: to write a figure");
    expect(system?.content).toContain("cite its fact as {{id}}");
    expect(user?.content).toContain("- [bitcoin.change_24h] Bitcoin 24-hour price change: +2.31%");
    expect(user?.content).toContain("NOTES\n- Coinsight does not hold enough daily price history");
    expect(user?.content).toContain("Data as of 2026-11-23T18:00:00.000Z (UTC)");
  });

  it("a brief about several coins (a free-text comparison) names each of them and only them, with the plan's summary", () => {
    const eth = { id: "ethereum", name: "Ethereum", symbol: "ETH" };
    const compare: AnswerBrief = {
      ...brief,
      questionType: "compare",
      question: "Comparing Bitcoin and Ethereum over 24 hours",
      entities: [...brief.entities, eth],
      notes: [],
    };
    const [, user] = buildAnswerMessages(compare);
    expect(user?.content).toMatch(
      /^Question about Bitcoin \(BTC\), Ethereum \(ETH\)\. Name only these coins, each figure about the coin it cites: Comparing Bitcoin and Ethereum over 24 hours/,
    );
    expect(buildAnswerMessages(brief)[1]?.content).toMatch(/^Question about Bitcoin \(BTC\): How has its price moved/);
  });

  it("OpenAI-compatible: streams the pieces as they arrive and returns the whole answer", async () => {
    const pieces = [
      "## How Bitcoin has moved\n\nBitcoin ro",
      "se {{bitcoin.change",
      "_24h}} over the last 24 hours.",
      " The data does not say why.",
    ];
    const fetchMock = vi.fn(async () => new Response(recordedStream(pieces), { headers: { "content-type": "text/event-stream" } }));
    const answerer = createOpenAiCompatibleAnswerer({
      baseUrl: "https://llm.example.test/v1/",
      apiKey: "sk-test",
      model: "gpt-test",
      fetch: fetchMock,
    });
    const seen: string[] = [];
    const out = await answerer.answer(brief, (d) => seen.push(d));
    expect(seen).toEqual(pieces);
    expect(out).toEqual({ text: ANSWER, model: "gpt-test" });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://llm.example.test/v1/chat/completions");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer sk-test");
    expect(JSON.parse(String(init.body))).toMatchObject({ model: "gpt-test", stream: true });
  });

  it("OpenAI-compatible: accepts a server that ignores `stream`, strips HTML, and refuses errors and empty answers", async () => {
    const whole = (content: string) => vi.fn(async () => Response.json({ choices: [{ message: { role: "assistant", content } }] }));
    const html = createOpenAiCompatibleAnswerer({
      baseUrl: "https://llm.example.test",
      model: "m",
      fetch: whole(`<script>x</script>${ANSWER}<b></b>`),
    });
    expect((await html.answer(brief)).text).toBe(`x${ANSWER}`);
    const empty = createOpenAiCompatibleAnswerer({ baseUrl: "https://llm.example.test", model: "m", fetch: whole("  ") });
    await expect(empty.answer(brief)).rejects.toThrow(/empty or too short/);
    const failing = createOpenAiCompatibleAnswerer({
      baseUrl: "https://llm.example.test",
      model: "m",
      fetch: vi.fn(async () => new Response("busy", { status: 429 })),
    });
    await expect(failing.answer(brief)).rejects.toThrow("LLM endpoint answered 429");
    const offline = createOpenAiCompatibleAnswerer({
      baseUrl: "https://llm.example.test",
      model: "m",
      fetch: vi.fn(async () => Promise.reject(new TypeError("network down"))),
    });
    await expect(offline.answer(brief)).rejects.toThrow("LLM endpoint unreachable: network down");
  });

  it("Workers AI: the binding's answer arrives whole", async () => {
    const run = vi.fn(async () => ({ response: ANSWER }));
    const answerer = createWorkersAiAnswerer({ ai: { run } });
    const seen: string[] = [];
    expect((await answerer.answer(brief, (d) => seen.push(d))).text).toBe(ANSWER);
    expect(seen).toEqual([ANSWER]);
    const broken = createWorkersAiAnswerer({ ai: { run: vi.fn(async () => ({ nothing: true })) } });
    await expect(broken.answer(brief)).rejects.toThrow("Workers AI answered without text");
  });

  it("chooses the adapter like the article writer: endpoint, then binding, then offline", () => {
    expect(createAnswerer({ LLM_BASE_URL: "https://llm.example.test" }).source).toBe("openai-compatible");
    expect(createAnswerer({ AI: {} as Ai }).source).toBe("workers-ai");
    expect(createAnswerer({}).source).toBe("offline");
  });
});
