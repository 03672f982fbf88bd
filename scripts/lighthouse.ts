/**
 * `npm run lighthouse [baseURL]`: Lighthouse (mobile preset, Debian's Chromium) on the site's main
 * pages (`PAGES`), printed as a table of performance, accessibility, best practices, SEO and layout shift.
 * Without a URL it starts `npm start` on a free port in 8810-8860 and stops it afterwards; after a URL,
 * page paths (or ARTICLE, the newest article) measure only those pages.
 * A measurement, not a test: nothing is asserted. Performance scores move with the machine's load.
 * Each page's full report is kept as JSON in $TMPDIR/coinsight-lighthouse/ for reading the audits.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium.ts";
import { freePort, projectRoot } from "./lib/wrangler.ts";

const PAGES = ["/", "/markets", "/coin/btc", "ARTICLE", "/crypto-101", "/subscribe"] as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

async function freePortInRange(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) if (await portIsFree(port)) return port;
  throw new Error(`No free port in ${from}-${to}`);
}

/** `npm start` on its own port, in its own process group so that stopping it stops wrangler too. */
async function startSite(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePortInRange(8810, 8860);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(projectRoot, "scripts/start.ts")], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const stop = () => stopGroup(child);
  const deadline = Date.now() + 300_000;
  while (!output.includes("Coinsight is running at")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not come up:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, stop };
}

function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || !child.pid) return resolve();
    child.once("exit", () => resolve());
    process.kill(-child.pid, "SIGTERM");
    setTimeout(() => {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
    }, 10_000).unref();
  });
}

/** Chromium with a DevTools port for Lighthouse to drive. */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "coinsight-lighthouse-"));
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"], {
    stdio: "ignore",
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      if (Date.now() > deadline) throw new Error("Chromium did not open its DevTools port");
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => {
        rmSync(profile, { recursive: true, force: true });
        resolve();
      });
      child.kill("SIGTERM");
    });
  return { port, stop };
}

async function articlePath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/articles?limit=1`);
  const body = (await res.json()) as { slug: string }[] | { items: { slug: string }[] };
  const slug = (Array.isArray(body) ? body : body.items)[0]?.slug;
  if (!slug) throw new Error("No published article to measure (GET /api/articles is empty)");
  return `/article/${slug}`;
}

/** Lighthouse's own failures to record a trace, after which its advice is "run Lighthouse again". */
const TRACE_ERRORS = new Set(["NO_NAVSTART", "NO_FCP", "NO_TRACING_STARTED", "NO_RESOURCE_REQUEST"]);

/**
 * One page's report. A run whose trace Lighthouse failed to record (NO_NAVSTART in about one run of
 * ten on this machine's Chromium) is run again, twice at most; a page that really fails to paint
 * still reports its error on the third.
 */
async function measure(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      // e.g. LIGHTHOUSE_COOKIE=coinsight_member=1: a member's page, which the browser renders alone.
      ...(process.env.LIGHTHOUSE_COOKIE ? { extraHeaders: { Cookie: process.env.LIGHTHOUSE_COOKIE } } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    const code = lhr.runtimeError?.code;
    if (!code || !TRACE_ERRORS.has(code) || attempt === 3) return lhr;
    console.error(`${url}: ${code}, measuring again`);
  }
}

// `npm run lighthouse -- <url> /markets /subscribe` measures only the pages named.
const argUrl = process.argv[2];
const onlyPages = process.argv.slice(3);
const site = argUrl ? { url: argUrl.replace(/\/$/, ""), stop: async () => {} } : await startSite();
const chrome = await startChromium();
try {
  const pages = onlyPages.length > 0 ? onlyPages : PAGES;
  const paths = await Promise.all(pages.map((p) => (p === "ARTICLE" ? articlePath(site.url) : p)));
  const rows: string[][] = [];
  const reports = join(tmpdir(), "coinsight-lighthouse");
  mkdirSync(reports, { recursive: true });
  for (const path of paths) {
    const lhr = await measure(`${site.url}${path}`, chrome.port);
    writeFileSync(join(reports, `${path.replace(/[^a-z0-9]+/gi, "_")}.json`), JSON.stringify(lhr, null, 1));
    const score = (c: (typeof CATEGORIES)[number]) => {
      const s = lhr.categories[c]?.score;
      return s == null ? "—" : String(Math.round(s * 100));
    };
    const cls = lhr.audits["cumulative-layout-shift"]?.numericValue;
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    rows.push([path, ...CATEGORIES.map(score), cls == null ? "—" : cls.toFixed(3), failing.join(", ")]);
    console.error(`measured ${path} (report in ${reports})`);
  }
  const head = ["page", "performance", "accessibility", "best practices", "SEO", "CLS", "failing audits"];
  console.log(`| ${head.join(" | ")} |\n| ${head.map(() => "---").join(" | ")} |`);
  for (const row of rows) console.log(`| ${row.map((c, i) => (i === 0 ? `\`${c}\`` : c)).join(" | ")} |`);
} finally {
  await chrome.stop();
  await site.stop();
}
