import { describe, expect, it } from "vitest";
import { askFreeEventSchemas } from "#schema/contracts/ask-free.ts";
import {
  type AnswerTable,
  ASK_FREE_EVENTS,
  type AskFreeEvent,
  formatAskFreeEvent,
  parseAskFreeEvent,
} from "#schema/contracts/ask-free-types.ts";

const table: AnswerTable = {
  title: "Solana and Ethereum over 7 days",
  columns: [
    { key: "price", label: "Price", numeric: true },
    { key: "change", label: "7-day change", numeric: true },
  ],
  rows: [
    {
      symbol: "SOL",
      name: "Solana",
      cells: [
        { text: "$150.00", tone: null },
        { text: "+2.31%", tone: "up" },
      ],
    },
  ],
  note: null,
};
const plan = {
  kind: "plan",
  intent: "compare",
  scope: "coins",
  coins: [
    { id: "solana", symbol: "SOL", name: "Solana" },
    { id: "ethereum", symbol: "ETH", name: "Ethereum" },
  ],
  period: "7d",
  metric: "change",
  screen: null,
  summary: "Comparing Solana and Ethereum over 7 days",
} as const;
const events: AskFreeEvent[] = [
  { event: "table", data: table },
  { event: "delta", data: { text: "Solana rose." } },
  { event: "reset", data: {} },
  {
    event: "done",
    data: {
      success: true,
      id: null,
      question: "is sol doing better than eth this week?",
      plan: { ...plan, coins: [...plan.coins] },
      summary: plan.summary,
      response: "text",
      tables: [table],
      asOf: "2026-11-29T20:00:00.000Z",
      cached: false,
      charged: true,
      subscription: null,
      rateLimit: { remaining: 1, resetTime: null },
    },
  },
  { event: "error", data: { error: { code: "UNAVAILABLE", message: "Sorry", requestId: "r" }, subscription: null } },
];

describe("the free-text answer's stream events", () => {
  it("has one sample per event name, each valid under the server's schema and read back whole", () => {
    expect(events.map((e) => e.event)).toEqual([...ASK_FREE_EVENTS]);
    for (const e of events) {
      expect(askFreeEventSchemas[e.event].safeParse(e.data).success, e.event).toBe(true);
      const { event, data } = formatAskFreeEvent(e);
      expect(parseAskFreeEvent(event, data)).toEqual(e);
    }
  });

  it("reads nothing from an unknown event, bad JSON or a malformed table", () => {
    expect(parseAskFreeEvent("ping", "{}")).toBeNull();
    expect(parseAskFreeEvent("delta", "not json")).toBeNull();
    expect(parseAskFreeEvent("table", JSON.stringify({ title: "x" }))).toBeNull();
    expect(parseAskFreeEvent("done", JSON.stringify({ success: true, response: "x" }))).toBeNull();
  });
});
