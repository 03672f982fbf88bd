import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { AsyncLocalStorage } from "node:async_hooks";
import * as ssr from "coinsight-ssr";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "#worker/app.ts";
import { emptyMeter, type Meter, meterD1, metered } from "#worker/bench-meter.ts";
import { serveFreshBuild } from "./test-support.ts";

/**
 * A page rendered on a miss shows the market table from the price snapshot: the Top 500 is sorted
 * in memory, so neither /markets nor the home page reads the coins table (the /markets render read
 * 363 D1 rows when the table was sorted in D1). docs/decisions/markets/coins-table-per-bucket.md.
 */
const statements: string[] = [];
const rendering = new AsyncLocalStorage<true>();

/**
 * Records the SQL of every query sent on any D1 binding of this runtime, where the bench meter counts
 * them (worker/bench-meter.ts): the session prototype's `_send`, whose second argument is the SQL.
 */
function recordStatements(): void {
  const session = env.DB.withSession("first-unconstrained") as unknown as object;
  let proto: Record<string, unknown> | null = null;
  for (let p: object | null = session; p && !proto; p = Object.getPrototypeOf(p))
    if (Object.hasOwn(p, "_send")) proto = p as Record<string, unknown>;
  if (!proto) throw new Error("the D1 binding has no _send: see worker/bench-meter.ts");
  const target = proto as { _send: (...args: unknown[]) => Promise<unknown> };
  const send = target._send;
  vi.spyOn(target, "_send").mockImplementation(function (this: unknown, ...args) {
    // Only the render's own queries: the price feed's alarm ticks in this runtime too.
    if (rendering.getStore()) statements.push(JSON.stringify(args[1]));
    return send.apply(this, args);
  });
}

async function render(path: string): Promise<{ res: Response; meter: Meter; sql: string[] }> {
  statements.length = 0;
  const meter = emptyMeter();
  const ctx = createExecutionContext();
  const res = await metered(meter, () =>
    rendering.run(true, async () => {
      const answer = await app.fetch(new Request(new URL(path, "https://coinsight.test"), { headers: { accept: "text/html" } }), env, ctx);
      await answer.arrayBuffer();
      return answer;
    }),
  );
  await waitOnExecutionContext(ctx);
  return { res, meter, sql: [...statements] };
}

const readsCoins = (sql: string[]) => sql.filter((q) => /\bcoins\b/i.test(q));

beforeAll(async () => {
  expect(meterD1(env.DB)).toBe(true);
  // The price snapshot and the sparklines' KV copy exist, as on a running site.
  const ctx = createExecutionContext();
  await (await app.fetch(new Request("https://coinsight.test/api/cryptos?page=1&limit=100"), env, ctx)).arrayBuffer();
  await waitOnExecutionContext(ctx);
});

beforeEach(() => {
  recordStatements();
  serveFreshBuild();
});
afterEach(() => vi.restoreAllMocks());

describe("market pages rendered on a miss", () => {
  it("/markets sorts the Top 500 from the snapshot: its one D1 read is the market strip's", async () => {
    const spy = vi.spyOn(ssr, "renderPage");
    const { res, meter, sql } = await render("/markets?sort=change24h&order=desc");
    expect(res.status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(readsCoins(sql)).toEqual([]);
    expect(sql.length).toBeGreaterThan(0);
    expect(sql.every((q) => /\bsentiment_snapshots\b/.test(q))).toBe(true);
    expect(meter.rowsRead).toBeLessThanOrEqual(1);
    expect(meter.rowsWritten).toBe(0);
  });

  it("the home page's market table and movers read nothing of the coins table", async () => {
    const spy = vi.spyOn(ssr, "renderPage");
    const { res, sql } = await render("/?ref=render-test");
    expect(res.status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(sql.some((q) => /\barticles\b/.test(q))).toBe(true);
    expect(readsCoins(sql)).toEqual([]);
  });

  it("a coin page reads nothing of the coins table", async () => {
    const { res, sql } = await render("/coin/eth");
    expect(res.status).toBe(200);
    expect(readsCoins(sql)).toEqual([]);
  });

  it("a Top 500 page of 250 rows is left to the browser: the shell, and a page of 50 rows is rendered", async () => {
    const spy = vi.spyOn(ssr, "renderPage");
    const { res } = await render("/markets?rows=250");
    expect(res.status).toBe(200);
    expect(spy).not.toHaveBeenCalled();
    const fifty = await render("/markets?rows=50");
    expect(fifty.res.status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
