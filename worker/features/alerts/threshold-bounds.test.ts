import { describe, expect, it } from "vitest";
import { KIND_RULES, PRICE_WINDOW, priceStep, priceWindowProblem, thresholdProblem } from "#schema/contracts/alert-rules.ts";
import { type Alert, createAlertBody } from "#schema/contracts/alerts.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import type { BrowserAgent } from "#worker/test/browser-agent.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";

/** Docs: docs/decisions/alerts/threshold-bounds.md. */
type Answer = Alert & ErrorBody;

/** A member of their own per test (a Free plan's three alerts are enough for each). */
const member = () => signedIn(`bounds-${crypto.randomUUID().slice(0, 8)}@example.com`);

/** Posts a raw JSON text, so a body can hold what JSON.stringify would not write (1e309). */
async function createRaw(agent: BrowserAgent, json: string) {
  const res = await agent.fetch("/api/alerts", { method: "POST", headers: { "content-type": "application/json" }, body: json });
  return { status: res.status, body: (await res.json()) as Answer };
}
const create = (agent: BrowserAgent, body: Record<string, unknown>) => send<Answer>(agent, "POST", "/api/alerts", body);

const refusal = (res: { status: number; body: Answer }) => ({
  status: res.status,
  path: res.body.error?.issues?.[0]?.path,
  message: res.body.error?.issues?.[0]?.message,
});

describe("threshold bounds per kind, through the API", () => {
  it.each([
    // 24 h move, percent: 1 to 1,000, two decimals.
    ["move_24h", 0.99, "The threshold must be at least 1%"],
    ["move_24h", 0.5, "The threshold must be at least 1%"],
    ["move_24h", 1000.01, "The threshold must be at most 1,000%"],
    ["move_24h", 5.125, "Enter the threshold with at most 2 decimals"],
    // Sentiment, points of a 0-100 score: 1 to 100, one decimal.
    ["sentiment_shift", 0.9, "The threshold must be at least 1 point"],
    ["sentiment_shift", 100.5, "The threshold must be at most 100 points"],
    ["sentiment_shift", 2.55, "Enter the threshold with at most 1 decimal"],
    // Price, USD: never a denormal, never finer than the site shows a price.
    ["price_below", 5e-324, "The threshold must be at least $0.000000000001"],
    ["price_above", 9e-13, "The threshold must be at least $0.000000000001"],
    ["price_above", 1.000001e12, "The threshold must be at most $1,000,000,000,000.00"],
    ["price_above", 70_000.125, "Enter a price of $1 or more in whole cents (at most 2 decimals)"],
    ["price_below", 0.00012345, "Enter a price below $1 with at most 4 significant digits (such as 0.0001234)"],
  ])("refuses %s at %d: %s", async (kind, threshold, message) => {
    const agent = await member();
    expect(refusal(await create(agent, { symbol: "BTC", kind, threshold }))).toEqual({ status: 400, path: "threshold", message });
  });

  it.each([
    ["move_24h", 1],
    ["move_24h", 1000],
    ["move_24h", 4.75],
    ["sentiment_shift", 1],
    ["sentiment_shift", 100],
    ["sentiment_shift", 12.5],
    ["price_above", 150_000.5],
  ])("takes %s at %d", async (kind, threshold) => {
    const agent = await member();
    const res = await create(agent, { symbol: "BTC", kind, threshold });
    expect(res.status).toBe(201);
    expect(res.body.threshold).toBe(threshold);
  });

  it("takes the smallest price on a coin priced below a billionth of a dollar", async () => {
    const agent = await member();
    const res = await create(agent, { symbol: "BABYDOGE", kind: "price_below", threshold: 1e-12 });
    expect(res.status).toBe(201);
    expect(res.body.description).toBe("Price falls below $0.000000000001");
  });

  it.each([
    ['"NaN"', "The threshold must be a number"],
    ['"Infinity"', "The threshold must be a number"],
    ['"-Infinity"', "The threshold must be a number"],
    ["1e309", "The threshold must be a number"],
    ["null", "Enter a threshold"],
  ])("refuses %s as a threshold", async (raw, message) => {
    const agent = await member();
    const res = await createRaw(agent, `{"symbol":"BTC","kind":"price_above","threshold":${raw}}`);
    expect(refusal(res)).toEqual({ status: 400, path: "threshold", message });
  });

  it("keeps a price within 1,000 times the coin's price now, and says so with the bounds", async () => {
    const agent = await member();
    const shape = /^BTC is at \$[\d,.]+: a price alert on it must be between \$[\d,.]+ and \$[\d,.]+$/;
    for (const threshold of [1, 50, 1e9, 1e12]) {
      const res = refusal(await create(agent, { symbol: "BTC", kind: "price_above", threshold }));
      expect(res).toMatchObject({ status: 400, path: "threshold" });
      expect(res.message).toMatch(shape);
    }
    // The body's own bounds hold at the absolute maximum: only the coin's price refuses it.
    expect(createAlertBody.safeParse({ symbol: "BTC", kind: "price_above", threshold: 1e12 }).success).toBe(true);
  });

  it("applies the same bounds to an edited threshold", async () => {
    const agent = await member();
    const { body: move } = await create(agent, { symbol: "ETH", kind: "move_24h", threshold: 5 });
    const { body: price } = await create(agent, { symbol: "ETH", kind: "price_above", threshold: 9000 });
    const edit = (id: number, threshold: unknown) => send<Answer>(agent, "PATCH", `/api/alerts/${id}`, { threshold });
    expect(refusal(await edit(move.id, 0.5))).toMatchObject({ status: 400, message: "The threshold must be at least 1%" });
    expect(refusal(await edit(move.id, 5e-324))).toMatchObject({ status: 400, message: "The threshold must be at least 1%" });
    expect(refusal(await edit(price.id, 9000.001))).toMatchObject({ status: 400, message: /whole cents/ });
    expect(refusal(await edit(price.id, 0.5))).toMatchObject({ status: 400, message: /^ETH is at \$[\d,.]+: a price alert/ });
    expect((await edit(move.id, 1)).body).toMatchObject({ threshold: 1, description: "Price moves ±1.00% in 24 hours" });
  });
});

describe("the bounds as the contract states them (web and worker share these)", () => {
  it("takes each kind's minimum and maximum, and nothing past them", () => {
    for (const kind of ["price_above", "price_below", "move_24h", "sentiment_shift"] as const) {
      const { min, max } = KIND_RULES[kind];
      expect([thresholdProblem(kind, min), thresholdProblem(kind, max)]).toEqual([null, null]);
      expect(thresholdProblem(kind, min * 0.9)).toMatch(/^The threshold must be at least /);
      expect(thresholdProblem(kind, max * 1.1)).toMatch(/^The threshold must be at most /);
      for (const odd of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
        expect(thresholdProblem(kind, odd)).toBe("The threshold must be a number");
      expect(thresholdProblem(kind, 5e-324)).toMatch(/^The threshold must be at least /);
    }
  });

  it("bounds a price by the coin's price on steps a member can type, edges included", () => {
    const coin = { symbol: "BTC", priceUsd: 76_181.37 };
    const low = priceStep(coin.priceUsd / PRICE_WINDOW, "up");
    const high = priceStep(coin.priceUsd * PRICE_WINDOW, "down");
    expect([low, high]).toEqual([76.19, 76_181_370]);
    expect(priceWindowProblem("price_below", low, coin)).toBeNull();
    expect(priceWindowProblem("price_above", high, coin)).toBeNull();
    expect(priceWindowProblem("price_below", 76.18, coin)).toBe(
      "BTC is at $76,181.37: a price alert on it must be between $76.19 and $76,181,370.00",
    );
    expect(priceWindowProblem("price_above", 76_181_370.01, coin)).not.toBeNull();
    // A coin below a cent: bounds on four significant digits, and each passes the body's own check.
    const shib = { symbol: "SHIB", priceUsd: 0.00001234567 };
    const [sLow, sHigh] = [priceStep(shib.priceUsd / PRICE_WINDOW, "up"), priceStep(shib.priceUsd * PRICE_WINDOW, "down")];
    expect([sLow, sHigh]).toEqual([1.235e-8, 0.01234]);
    expect([thresholdProblem("price_below", sLow), thresholdProblem("price_above", sHigh)]).toEqual([null, null]);
    // No price, no window (the absolute bounds still hold); other kinds have none.
    expect(priceWindowProblem("price_above", 1e12, { symbol: "X", priceUsd: 0 })).toBeNull();
    expect(priceWindowProblem("move_24h", 900, coin)).toBeNull();
  });
});
