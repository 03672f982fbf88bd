/**
 * Article save benchmark (issue 40): an admin's save of an article of N <p> elements and the first
 * public read of it after the edit, served production-like (the bench build in Miniflare:
 * scripts/bench/serve.ts). Prints each request's wall time and the CPU workerd spent on it (its
 * threads' run time, cpu.ts), and the per-element cost, so a cost that grows faster than the element
 * count shows as a rising last column. Figures only, nothing asserted: docs/performance.md.
 *   npm run bench:article-save                      build, then N = 1000, 4000, 8000, 50000
 *   BENCH_BUILD=0 BENCH_ELEMENTS=1000,8000 npm run bench:article-save
 *   BENCH_MARKUP=loose                              <p>x without its end tag: the sanitiser rewrites it
 *                                                   (a second pass checks the result), where <p>x</p> is
 *                                                   already canonical
 */
import { BENCH_SESSION_SECRET, benchAdminCookie } from "./ask.ts";
import { canMeasureCpu, cpuNanos, workerdPids } from "./cpu.ts";
import { buildAll, startBenchServer } from "./serve.ts";

const SIZES = (process.env.BENCH_ELEMENTS ?? "1000,4000,8000,50000").split(",").map(Number);

/** The shape of the measurements: 8 bytes an element (8,000 elements, 64 KB). */
const PARAGRAPH = process.env.BENCH_MARKUP === "loose" ? "<p>xxxxx" : "<p>x</p>";
const paragraphs = (n: number) => PARAGRAPH.repeat(n);

type Timed<T> = { value: T; wallMs: number; cpuMs: number | null };

async function timed<T>(pids: number[], work: () => Promise<T>): Promise<Timed<T>> {
  const cpu = canMeasureCpu();
  const cpuBefore = cpu ? cpuNanos(pids) : 0;
  const start = performance.now();
  const value = await work();
  const wallMs = performance.now() - start;
  return { value, wallMs, cpuMs: cpu ? (cpuNanos(pids) - cpuBefore) / 1e6 : null };
}

const ms = (n: number | null) => (n === null ? "n/a" : `${n.toFixed(0)} ms`);

if (process.env.BENCH_BUILD !== "0") buildAll();
const server = await startBenchServer({ SESSION_SECRET: BENCH_SESSION_SECRET });
try {
  const pids = workerdPids();
  const db = await server.mf.getD1Database("DB");
  const cookie = await benchAdminCookie(server);
  const headers = { "content-type": "application/json", origin: server.url.origin, cookie };
  const api = (path: string, init: RequestInit = {}) => fetch(new URL(path, server.url), init);
  console.log(`article save: N × ${PARAGRAPH} saved by an admin, then the first public read (${pids.length} workerd processes)`);
  for (const n of SIZES) {
    const slug = `bench-save-${n}-${Date.now()}`;
    const row = await db
      .prepare(
        "INSERT INTO articles (slug, title, excerpt, content, content_format, category_id, status, published_at, read_time) VALUES (?, 'Bench save', '', '<p>before</p>', 'html', 18, 'published', ?, 1) RETURNING id",
      )
      .bind(slug, new Date(Date.now() - 60_000).toISOString())
      .first<{ id: number }>();
    if (!row) throw new Error("insert returned no row");
    const opened = (await (await api(`/api/articles/${row.id}/edit`, { headers })).json()) as { revision: number; categoryId: number };
    const content = paragraphs(n);
    const body = JSON.stringify({
      title: "Bench save",
      excerpt: "",
      content,
      categoryId: opened.categoryId,
      isPublished: true,
      revision: opened.revision,
    });
    const save = await timed(pids, async () => {
      const res = await api(`/api/articles/${row.id}`, { method: "PUT", headers, body });
      return { status: res.status, text: await res.text() };
    });
    const perElement = (t: Timed<unknown>) => (t.cpuMs === null ? "" : `, ${((t.cpuMs * 1000) / n).toFixed(0)} µs CPU an element`);
    const head = `  N=${String(n).padStart(6)} (${(content.length / 1024).toFixed(0)} KB)  save ${save.value.status} ${ms(save.wallMs)} wall, ${ms(save.cpuMs)} CPU`;
    if (save.value.status !== 200) {
      // A refused save changed nothing: there is no edit to read.
      console.log(`${head} (${(JSON.parse(save.value.text) as { error: { message: string } }).error.message})`);
      continue;
    }
    console.log(`${head}${perElement(save)}`);
    const read = await timed(pids, async () => {
      const res = await api(`/api/articles/${slug}`);
      return { status: res.status, text: await res.text() };
    });
    console.log(`  ${" ".repeat(19)}first read ${read.value.status} ${ms(read.wallMs)} wall, ${ms(read.cpuMs)} CPU${perElement(read)}`);
  }
} finally {
  await server.dispose();
}
