/**
 * Live prices benchmark (issue 45; docs/performance.md, Live prices). Serves the bench build in
 * Miniflare (development mode, for the move-price helper that ticks the feed at once) and measures:
 * 1. tick to screen: a coin page in Chromium, 20 ticks; from the tick's own time (`at`, taken when
 *    the feed starts the tick) to the moment the new price is in the page's DOM (same clock);
 * 2. polls per reader per hour: requests for prices from three pages (/, /markets, a coin) over a
 *    window, live and with the socket refused (today's polling), scaled to an hour;
 * 3. scale: 1,000 WebSocket clients on the one hub with mixed topics: workerd's CPU per tick and per
 *    delivered message against the same ticks with no reader, its memory, and its CPU while they
 *    are connected and only ping (what hibernation and the runtime's auto-answer leave to pay).
 *   npm run bench:live
 *   BENCH_BUILD=0 npm run bench:live                       the last build
 *   BENCH_LIVE_CLIENTS=1000 BENCH_LIVE_TICKS=20 BENCH_LIVE_WINDOW=65 npm run bench:live
 *   BENCH_LIVE_PARTS=screen,polls,scale npm run bench:live   the parts to run (all by default)
 *   BENCH_LIVE_MIX=coins npm run bench:live                  every reader on a coin page (small messages)
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { launchBrowser } from "../lib/chromium.ts";
import { cpuTicks, TICKS_PER_SECOND, workerdPids } from "./cpu.ts";
import { buildAll, startBenchServer } from "./serve.ts";

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 1000);
const TICKS = Number(process.env.BENCH_LIVE_TICKS ?? 20);
const WINDOW_S = Number(process.env.BENCH_LIVE_WINDOW ?? 65);
const COIN = "dot";
/** Readers per client address: LIVE_LIMITS.socketsPerAddress (worker/features/live/limits.ts; worker code is not typed for scripts). */
const PER_ADDRESS = 20;
const PARTS = new Set((process.env.BENCH_LIVE_PARTS ?? "screen,polls,scale").split(","));

type Json = Record<string, unknown>;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function movePrice(origin: string, symbol: string, percent: number): Promise<void> {
  const res = await fetch(`${origin}/api/dev/alerts/move-price`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ symbol, percent }),
  });
  if (res.status !== 200) throw new Error(`move-price answered ${res.status}: ${await res.text()}`);
}

/** 1. From the tick to the new price in the DOM, `TICKS` times. */
async function tickToScreen(origin: string): Promise<number[]> {
  const browser = await launchBrowser();
  const page = await browser.newPage();
  // The time each price text arrived in a tick message for the coin's topic, by text.
  const tickAt = new Map<string, number>();
  page.on("websocket", (ws) =>
    ws.on("framereceived", ({ payload }) => {
      const m = JSON.parse(String(payload)) as { type: string; topic?: string; at: string; rows?: { price?: string }[] };
      if (m.type === "tick" && m.topic?.startsWith("coin:"))
        for (const r of m.rows ?? []) if (r.price) tickAt.set(r.price, Date.parse(m.at));
    }),
  );
  await page.goto(`${origin}/coin/${COIN}`);
  await page.waitForSelector('[data-live="live"]');
  await page.evaluate(() => {
    const w = window as unknown as { __seen: { text: string; t: number }[] };
    w.__seen = [];
    const el = document.querySelector('[data-testid="coin-price"]');
    if (!el) throw new Error("no price");
    new MutationObserver(() => w.__seen.push({ text: el.textContent ?? "", t: Date.now() })).observe(el, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const out: number[] = [];
  for (let i = 0; i < TICKS; i++) {
    const before = await page.getByTestId("coin-price").textContent();
    await movePrice(origin, COIN, i % 2 ? -3 : 3);
    await page.waitForFunction((b) => document.querySelector('[data-testid="coin-price"]')?.textContent !== b, before);
    const seen = await page.evaluate(() => (window as unknown as { __seen: { text: string; t: number }[] }).__seen.splice(0));
    const last = seen.at(-1);
    const at = last ? tickAt.get(last.text) : undefined;
    if (last && at) out.push(last.t - at);
  }
  await browser.close();
  return out;
}

/** 2. Price requests per reader per hour from three open pages, live and with sockets refused. */
async function pollsPerHour(origin: string, live: boolean): Promise<Record<string, number>> {
  const browser = await launchBrowser();
  const counts: Record<string, number> = {};
  const pages: Page[] = [];
  for (const path of ["/", "/markets", `/coin/${COIN}`]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (!live) await page.routeWebSocket(/\/api\/live/, (ws) => ws.close({ code: 1011, reason: "bench: polling only" }));
    counts[path] = 0;
    page.on("request", (r) => {
      if (/\/api\/(cryptos|market\/global)/.test(r.url())) counts[path] = (counts[path] ?? 0) + 1;
    });
    await page.goto(`${origin}${path}`);
    await page.waitForSelector(live ? '[data-live="live"]' : '[data-live="paused"]');
    pages.push(page);
  }
  // Count from here: the first load's own requests are the same either way.
  for (const k of Object.keys(counts)) counts[k] = 0;
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
  await browser.close();
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Math.round((v * 3600) / WINDOW_S)]));
}

type Client = { ws: WebSocket; messages: number; bytes: number; ticks: Set<number> };

function connect(origin: string, topics: string, address: string): Promise<Client> {
  const url = `${origin.replace(/^http/, "ws")}/api/live?topics=${topics}`;
  // Node's WebSocket (undici) takes headers: the page's Origin, and a client address per 20 sockets.
  const ws = new WebSocket(url, { headers: { origin, "cf-connecting-ip": address } } as unknown as string[]);
  const client: Client = { ws, messages: 0, bytes: 0, ticks: new Set() };
  ws.onmessage = (e) => {
    if (e.data === "pong") return;
    client.messages++;
    client.bytes += String(e.data).length;
    const m = JSON.parse(String(e.data)) as { tick?: number };
    if (m.tick !== undefined) client.ticks.add(m.tick);
  };
  return new Promise((resolve, reject) => {
    ws.onopen = () => resolve(client);
    ws.onerror = () => reject(new Error(`socket refused (${topics}, ${address})`));
  });
}

function rssKb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return kb;
}

/** `n` ticks through the move-price helper; answers the CPU ms they took and the ticks seen. */
async function ticks(origin: string, pids: number[], monitor: Client, n: number): Promise<{ cpuMs: number; ticks: number }> {
  const seen = monitor.ticks.size;
  const before = cpuTicks(pids);
  for (let i = 0; i < n; i++) await movePrice(origin, "xlm", i % 2 ? -1 : 1);
  // The last tick's messages are on their way: wait until the monitor has it.
  await new Promise((r) => setTimeout(r, 500));
  return { cpuMs: ((cpuTicks(pids) - before) * 1000) / TICKS_PER_SECOND, ticks: monitor.ticks.size - seen };
}

/** 3. One hub, `CLIENTS` readers of mixed topics. */
async function scale(origin: string): Promise<Json> {
  const pids = workerdPids();
  const monitor = await connect(origin, "global", "198.51.100.1");
  const idle = await ticks(origin, pids, monitor, TICKS);
  const coins = ((await (await fetch(`${origin}/api/cryptos?limit=100`)).json()) as { id: string }[]).map((c) => c.id);
  const rssBefore = rssKb(pids);
  const clients: Client[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    // Mixed like readers: 40 % the table's first page, 20 % another page, 40 % a coin page; all with the strip.
    // BENCH_LIVE_MIX=coins: every reader on one coin's page (small messages), to tell bytes from messages.
    const kind = process.env.BENCH_LIVE_MIX === "coins" ? 4 : i % 5;
    const topics = kind < 2 ? "global,top:1" : kind === 2 ? `global,top:${2 + (i % 4)}` : `global,coin:${coins[i % coins.length]}`;
    const group = Math.floor(i / PER_ADDRESS);
    const address = `10.0.${group >> 8}.${group & 255}`;
    clients.push(await connect(origin, topics, address));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const rssAfter = rssKb(pids);
  for (const c of clients) {
    c.messages = 0;
    c.bytes = 0;
  }
  const loaded = await ticks(origin, pids, monitor, TICKS);
  const delivered = clients.reduce((n, c) => n + c.messages, 0);
  const bytes = clients.reduce((n, c) => n + c.bytes, 0);
  // Nobody speaks but pings (a tick may fall in the window: the natural 30 s alarm is not stopped).
  const pingBefore = cpuTicks(pids);
  const ticksBefore = monitor.ticks.size;
  const quietS = 20;
  for (let s = 0; s < quietS / 5; s++) {
    for (const c of clients) c.ws.send("ping");
    await new Promise((r) => setTimeout(r, 5000));
  }
  const quietCpuMs = ((cpuTicks(pids) - pingBefore) * 1000) / TICKS_PER_SECOND;
  const quietTicks = monitor.ticks.size - ticksBefore;
  for (const c of [...clients, monitor]) c.ws.close();
  const perTickIdle = idle.cpuMs / Math.max(1, idle.ticks);
  const perTickLoaded = loaded.cpuMs / Math.max(1, loaded.ticks);
  return {
    clients: CLIENTS,
    ticksWithoutReaders: idle.ticks,
    ticksWithReaders: loaded.ticks,
    cpuPerTickNoReadersMs: round(perTickIdle),
    cpuPerTickWithReadersMs: round(perTickLoaded),
    fanOutPerTickMs: round(perTickLoaded - perTickIdle),
    messagesPerTick: round(delivered / Math.max(1, loaded.ticks)),
    fanOutPerMessageUs: round(((perTickLoaded - perTickIdle) * 1000) / (delivered / Math.max(1, loaded.ticks))),
    bytesPerClientPerTick: round(bytes / CLIENTS / Math.max(1, loaded.ticks)),
    fanOutPerMbUs: round(((perTickLoaded - perTickIdle) * 1000) / (bytes / Math.max(1, loaded.ticks) / 1e6)),
    workerdRssMbBefore: round(rssBefore / 1024),
    workerdRssMbWith: round(rssAfter / 1024),
    rssPerClientKb: round((rssAfter - rssBefore) / CLIENTS),
    quietSeconds: quietS,
    pingsSent: CLIENTS * (quietS / 5),
    quietCpuMs: round(quietCpuMs),
    quietTicks,
    // The window's own ticks (the 30 s alarm runs on) taken out at the loaded cost per tick.
    quietCpuLessTicksMs: round(quietCpuMs - quietTicks * perTickLoaded),
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

async function main(): Promise<void> {
  if (process.env.BENCH_BUILD !== "0") {
    console.log("building the site and the bench Worker...");
    buildAll();
  }
  const server = await startBenchServer({ APP_ENV: "development" });
  const origin = server.url.origin;
  try {
    // The first read starts the feed and its first tick.
    await fetch(`${origin}/api/cryptos?limit=1`);
    console.log(`served at ${origin}`);
    if (PARTS.has("screen")) {
      const screen = await tickToScreen(origin);
      console.log(
        `tick to screen over ${screen.length} ticks: median ${median(screen)} ms, worst ${Math.max(...screen)} ms ` +
          `(all: ${screen.join(", ")})`,
      );
    }
    if (PARTS.has("polls")) {
      const polling = await pollsPerHour(origin, false);
      const live = await pollsPerHour(origin, true);
      console.log(`price requests per reader per hour, polling: ${JSON.stringify(polling)}; live: ${JSON.stringify(live)}`);
    }
    if (PARTS.has("scale")) console.log("scale:", JSON.stringify(await scale(origin), null, 2));
  } finally {
    await server.dispose();
  }
}

await main();
