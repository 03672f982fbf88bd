import { describe, expect, it } from "vitest";
import { facts } from "#worker/lib/grounding/index.ts";
import type { AnswerBrief, Answerer } from "#worker/ports/llm/answer.ts";
import { answerGrounded } from "./answering.ts";

const btc = { subject: "bitcoin" };
const price = facts.price("bitcoin.price", "Bitcoin price (USD)", 64039, btc);
const change7d = facts.change("bitcoin.change_7d", "Bitcoin 7-day price change", -5.12, { ...btc, period: "7d" });
const brief: AnswerBrief = {
  questionType: "price_movement",
  coin: { id: "bitcoin", name: "Bitcoin", symbol: "BTC" },
  question: "How has its price moved recently, and is that unusual?",
  asOf: "2026-11-23T18:00:00.000Z",
  sections: [{ title: "Bitcoin price moves", facts: [price, change7d] }],
  named: { price, change7d },
  entities: [{ id: "bitcoin", name: "Bitcoin", symbol: "BTC" }],
  notes: [],
};

/** A live-like answerer: token-sized pieces, citations split across them; each call writes the next answer. */
function streaming(answers: string[]): Answerer {
  let call = 0;
  return {
    source: "test",
    model: "m",
    async answer(_brief, onText) {
      const text = answers[call++] ?? "";
      for (let i = 0; i < text.length; i += 7) onText?.(text.slice(i, i + 7));
      return { text: text.trim(), model: "m" };
    },
  };
}

describe("answerGrounded", () => {
  it("sends only whole lines that passed the check, with their figures written in, whatever the pieces", async () => {
    const good = "## How Bitcoin has moved\n\nBitcoin trades at {{bitcoin.price}}.\nOver 7 days it fell {{bitcoin.change_7d}}.\n";
    const bad = "## How Bitcoin has moved\n\nBitcoin trades at {{bitcoin.price}}.\nOver 24 hours it fell {{bitcoin.change_7d}}.\n";
    const events: string[] = [];
    const out = await answerGrounded(streaming([bad, good]), brief, {
      line: (t) => events.push(t),
      reset: () => events.push("<reset>"),
    });
    expect(events).toEqual([
      "## How Bitcoin has moved\n",
      "\n",
      "Bitcoin trades at $64,039.00.\n",
      "<reset>",
      "## How Bitcoin has moved\n",
      "\n",
      "Bitcoin trades at $64,039.00.\n",
      "Over 7 days it fell 5.12%.\n",
    ]);
    expect(out).toMatchObject({ ok: true, attempts: 2 });
    expect(out.ok && out.text).toBe(events.slice(4).join(""));
  });

  it("without a stream, returns the rendered answer; two failures return the check's problems", async () => {
    const good = "Bitcoin trades at {{bitcoin.price}}.";
    expect(await answerGrounded(streaming([good]), brief)).toMatchObject({ ok: true, text: "Bitcoin trades at $64,039.00.", attempts: 1 });
    const typed = "Bitcoin trades at $64,039.00.";
    const failed = await answerGrounded(streaming([typed, typed]), brief);
    expect(failed).toEqual({
      ok: false,
      attempts: 2,
      problems: ['In "Bitcoin trades at $64,039.00." (Bitcoin): "$64,039.00": a figure written outside a fact reference'],
    });
  });
});
