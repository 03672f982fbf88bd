import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminStats, History, Mapping, UnmappedList } from "#schema/contracts/charts.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { getJson } from "#worker/test/http.ts";

const ADMINS = { ADMIN_EMAILS: "chief@example.com" };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

async function signedIn(email: string) {
  const agent = new BrowserAgent(ADMINS);
  await agent.signInOffline(email, "Someone");
  return agent;
}

async function point(coin: string, ts: number, price: number) {
  await env.DB.prepare("INSERT OR REPLACE INTO price_history (coin_id, ts, price) VALUES (?, ?, ?)").bind(coin, ts, price).run();
}

describe("GET /api/cryptos/{symbol}/history", () => {
  const t = now();
  const midnight = Math.floor(t / DAY) * DAY;
  beforeAll(async () => {
    await getJson("/api/cryptos?limit=1"); // the first read publishes the snapshot
    await env.DB.prepare("DELETE FROM price_history WHERE coin_id = 'ethereum'").run();
    // Fine points in the last hour, hourly ones over 3 days, daily ones two years back with a 30-day gap.
    for (let i = 1; i <= 6; i++) await point("ethereum", t - i * 300, 3000 + i);
    for (let h = 2; h <= 72; h++) await point("ethereum", Math.floor((t - h * 3600) / 3600) * 3600, 2900 + h);
    for (let d = 5; d <= 700; d++) if (d < 100 || d > 130) await point("ethereum", midnight - d * DAY, 2000 + d);
  });

  it("answers each range from its span, thinned to its step, oldest first", async () => {
    const day = await getJson<History>("/api/cryptos/eth/history?range=24h");
    expect(day.status).toBe(200);
    expect(day.body).toMatchObject({ symbol: "ETH", id: "ethereum", range: "24h", step: 300 });
    // The first point is the last price before the range (hourly here), which the line enters from.
    expect(day.body.points[0]?.[0]).toBeLessThan(t - DAY);
    expect(day.body.points.slice(1).every(([ts]) => ts >= t - DAY)).toBe(true);
    expect(day.body.recorded).toEqual({ complete: true, from: day.body.points[0]?.[0] });
    expect(day.body.points.length).toBeGreaterThanOrEqual(6 + 20);
    const times = day.body.points.map(([ts]) => ts);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(day.body.points.at(-1)).toEqual([t - 300, 3001]);

    const week = await getJson<History>("/api/cryptos/ETH/history?range=7d");
    expect(week.body.step).toBe(3600);
    const hours = week.body.points.map(([ts]) => Math.floor(ts / 3600));
    expect(new Set(hours).size).toBe(hours.length);
    expect(week.body.points.slice(1).every(([ts]) => ts >= t - 7 * DAY)).toBe(true);
    expect(week.body.recorded.complete).toBe(true);

    const year = await getJson<History>("/api/cryptos/eth/history?range=1y");
    expect(year.body.points.slice(1).every(([ts]) => ts >= t - 365 * DAY)).toBe(true);
    expect(year.body.recorded.complete).toBe(true);
    const days = year.body.points.map(([ts]) => Math.floor(ts / DAY));
    expect(new Set(days).size).toBe(days.length);
    // The gap stays a gap: no point was invented for the 31 missing days.
    expect(days.filter((d) => d >= midnight / DAY - 130 && d <= midnight / DAY - 100)).toEqual([]);

    const max = await getJson<History>("/api/cryptos/eth/history?range=max");
    expect(max.body.points[0]).toEqual([midnight - 700 * DAY, 2700]);
    expect(max.body.points.length).toBeGreaterThan(year.body.points.length);
  });

  it("defaults to 30 days and is cached at the edge", async () => {
    const { body, res } = await getJson<History>("/api/cryptos/eth/history");
    expect(body.range).toBe("30d");
    expect(body.step).toBe(4 * 3600);
    expect(res.headers.get("cache-control")).toBe("public, max-age=600");
    const again = await getJson<History>("/api/cryptos/eth/history");
    expect(again.body).toEqual(body);
  });

  it("answers an unknown coin 404 and a bad range 400, in the one error shape", async () => {
    const missing = await getJson<ErrorBody>("/api/cryptos/nosuchcoin/history?range=7d");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("NOT_FOUND");
    for (const q of ["range=2y", "range=", "range=7d&x=1"]) {
      const bad = await getJson<ErrorBody>(`/api/cryptos/eth/history?${q}`);
      expect(bad.status, q).toBe(400);
      expect(bad.body.error.code).toBe("BAD_REQUEST");
    }
  });

  it("answers a coin with no points yet with an empty list, not an error", async () => {
    await env.DB.prepare("DELETE FROM price_history WHERE coin_id = 'tether'").run();
    const { status, body } = await getJson<History>("/api/cryptos/usdt/history?range=24h");
    expect(status).toBe(200);
    expect(body.points).toEqual([]);
    expect(body.recorded).toEqual({ complete: false, from: null });
  });
});

describe("TradingView mappings", () => {
  it("answers an unmapped coin with a null symbol, visible", async () => {
    const { status, body } = await getJson<Mapping>("/api/tradingview-mappings/DOGE");
    expect(status).toBe(200);
    expect(body).toEqual({ tradingviewSymbol: null, isHidden: false });
  });

  it("lets only admins save, behind the same-origin guard", async () => {
    const body = JSON.stringify({ symbol: "sol", coinName: "Solana", tradingViewSymbol: "BINANCE:SOLUSDT", isHidden: false });
    const init = { method: "POST", headers: { "content-type": "application/json" }, body };
    expect((await new BrowserAgent(ADMINS).fetch("/api/tradingview-mappings", init)).status).toBe(401);
    expect((await (await signedIn("reader@example.com")).fetch("/api/tradingview-mappings", init)).status).toBe(403);
    const admin = await signedIn("chief@example.com");
    expect((await admin.fetch("/api/tradingview-mappings", { ...init, site: "cross-site", from: "https://evil.example" })).status).toBe(
      403,
    );
    const saved = await admin.json<Mapping>("/api/tradingview-mappings", init);
    expect(saved).toEqual({ status: 200, body: { tradingviewSymbol: "BINANCE:SOLUSDT", isHidden: false } });
    expect((await getJson<Mapping>("/api/tradingview-mappings/SOL")).body.tradingviewSymbol).toBe("BINANCE:SOLUSDT");
  });

  it("hides and shows a chart, and answers every reader the current state at once", async () => {
    const admin = await signedIn("chief@example.com");
    const save = (isHidden: boolean) =>
      admin.json<Mapping>("/api/tradingview-mappings", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ symbol: "ADA", coinName: "Cardano", tradingViewSymbol: "KUCOIN:ADAUSDT", isHidden }),
      });
    await save(true);
    const hidden = await getJson<Mapping>("/api/tradingview-mappings/ada");
    expect(hidden.body).toEqual({ tradingviewSymbol: "KUCOIN:ADAUSDT", isHidden: true });
    expect(hidden.res.headers.get("cache-control")).toBe("no-store");
    await save(false);
    expect((await getJson<Mapping>("/api/tradingview-mappings/ADA")).body.isHidden).toBe(false);
  });

  it("refuses malformed mappings with the one 400 body", async () => {
    const admin = await signedIn("chief@example.com");
    const bad = [
      { symbol: "BTC", coinName: "Bitcoin", tradingViewSymbol: "btcusdt", isHidden: false },
      { symbol: "BTC", coinName: "", tradingViewSymbol: "BINANCE:BTCUSDT" },
      { symbol: "BTC", coinName: "Bitcoin", tradingViewSymbol: "BINANCE:BTCUSDT", isHidden: "yes" },
      { symbol: "BTC", coinName: "Bitcoin", tradingViewSymbol: "BINANCE:BTCUSDT", extra: 1 },
    ];
    for (const body of bad) {
      const res = await admin.json<ErrorBody>("/api/tradingview-mappings", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("BAD_REQUEST");
    }
  });
});

describe("admin chart coverage and stats", () => {
  it("are for admins only", async () => {
    for (const path of ["/api/admin/unmapped-cryptos", "/api/admin/stats"]) {
      expect((await new BrowserAgent().fetch(path)).status).toBe(401);
      expect((await (await signedIn("reader@example.com")).fetch(path)).status).toBe(403);
    }
  });

  it("lists unmapped coins in rank order; FAILED still counts as unmapped", async () => {
    const admin = await signedIn("chief@example.com");
    const before = (await admin.json<UnmappedList>("/api/admin/unmapped-cryptos")).body;
    await admin.fetch("/api/tradingview-mappings", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ symbol: "BTC", coinName: "Bitcoin", tradingViewSymbol: "COINBASE:BTCUSD", isHidden: false }),
    });
    await admin.fetch("/api/tradingview-mappings", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ symbol: "XRP", coinName: "XRP", tradingViewSymbol: "FAILED", isHidden: false }),
    });
    const { status, body } = await admin.json<UnmappedList>("/api/admin/unmapped-cryptos");
    expect(status).toBe(200);
    expect(body.total).toBe(500);
    expect(body.mapped).toBe(before.mapped + 1);
    expect(body.coins.map((c) => c.symbol)).not.toContain("BTC");
    expect(body.coins.map((c) => c.symbol)).toContain("XRP");
    const ranks = body.coins.map((c) => c.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(body.coins[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), imageUrl: expect.any(String) });
    // Each coin brings its own icon from the site's assets; the stablecoins no longer share a placeholder.
    const icon = (id: string) => body.coins.find((c) => c.id === id)?.imageUrl;
    expect([icon("tether"), icon("usd-coin")]).toEqual(["/coins/tether.svg", "/coins/usd-coin.svg"]);
    expect(icon("usds")).toBe("");
    expect(body.coverage).toBe(Math.round((body.mapped / 500) * 1000) / 10);
  });

  it("counts members by role, articles and chart coverage", async () => {
    const admin = await signedIn("chief@example.com");
    await signedIn("reader@example.com");
    await env.DB.prepare("UPDATE users SET role = 'premium' WHERE email = 'reader@example.com'").run();
    const { status, body } = await admin.json<AdminStats>("/api/admin/stats");
    expect(status).toBe(200);
    const roles = await env.DB.prepare("SELECT role, count(*) AS n FROM users GROUP BY role").all<{ role: string; n: number }>();
    const n = (r: string) => roles.results.find((x) => x.role === r)?.n ?? 0;
    expect(body.users).toEqual({
      total: n("admin") + n("premium") + n("user"),
      admins: n("admin"),
      premium: n("premium"),
      regular: n("user"),
    });
    expect(body.users.admins).toBeGreaterThanOrEqual(1);
    expect(body.users.premium).toBeGreaterThanOrEqual(1);
    const articles = await env.DB.prepare("SELECT count(*) AS n FROM articles WHERE deleted_at IS NULL").first<{ n: number }>();
    expect(body.articles).toBe(articles?.n);
    const unmapped = (await admin.json<UnmappedList>("/api/admin/unmapped-cryptos")).body;
    expect(body.tradingview).toEqual({ total: 500, mapped: unmapped.mapped, unmapped: 500 - unmapped.mapped, coverage: unmapped.coverage });
  });
});
