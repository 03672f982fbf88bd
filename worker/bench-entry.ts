/**
 * The Worker `npm run bench` builds and serves: the production entry plus what only the bench needs.
 * - `GET /api/__bench/noop`: the runtime's own cost, the yardstick every route is reported against.
 * - `GET /api/__bench/meter`: the D1 rows and KV operations of every request sent with
 *   `x-bench-meter: 1` so far (bench-meter.ts), summed, with their count and the most rows one of them
 *   read since the last look. The bench reads it before and after a route's metered requests; its
 *   CPU runs send none, so the meter's own work is not in their figures.
 * - The queue consumer's invocations and messages are counted, and what it, the crons and the
 *   newsroom Workflow read and write (the scale run's send and newsroom day); so are the price
 *   feed's ticks (the fixed cost of a day), through subclasses of the production classes.
 * - A request with `x-bench-miss: page` finds no rendered page in the colo (neither in the isolate's
 *   memory nor in the colo's cache) and reads the copy kept in KV: a colo miss. With
 *   `x-bench-miss: render` it finds no copy in KV either, so the page is rendered, as by the first
 *   reader anywhere, while everything the render reads is as warm as it is in the steady state.
 *   With `x-bench-repeat: N` as well, the page is first rendered N more times, keeping no copy
 *   anywhere: the isolate's own work of a render (scripts/bench/isolate.ts). The meter's answer says
 *   how long ago the price feed's last tick began, so a few requests can be measured clear of one.
 * Production (worker/index.ts, wrangler.toml `main`) has none of this: the paths are unknown API
 * paths (404), the header means nothing.
 * Only handlers and classes may be exported here: workerd treats every export as an entrypoint.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { emptyMeter, type Meter, meterD1, metered, meterKv } from "./bench-meter.ts";
import { BENCH_METER_HEADER, BENCH_METER_PATH, BENCH_MISS_HEADER, BENCH_NOOP_PATH, BENCH_REPEAT_HEADER } from "./bench-noop.ts";
import worker, { PriceFeed as Feed, NewsroomWorkflow as Newsroom } from "./index.ts";
import { forgetColoWhere } from "./lib/colo-cache.ts";

export { ArticlePresence, GuestLimiter, LiveHub, PublishScheduleWorkflow, QuotaCounter } from "./index.ts";

const totals = {
  requests: 0,
  maxRowsRead: 0,
  d1Metered: false,
  queueBatches: 0,
  queueMessages: 0,
  ...emptyMeter(),
  /** What the queue consumer, the crons and the newsroom Workflow read and wrote (the scale run's send and newsroom day). */
  background: emptyMeter(),
  /** What the price feed's ticks read and wrote, and how many ran: the fixed cost of a day. */
  feed: emptyMeter(),
  feedTicks: 0,
  /** When the last tick began (ms since the epoch): a measurement of a few requests waits past its work. */
  lastTickAt: 0,
};

/** The page cache's keys (worker/features/pages/page-cache.ts). */
const isPageKey = (key: string) => key.includes("/__page/");
const missing = new AsyncLocalStorage<boolean>();
let hidingPages = false;

/** In a request marked as a miss, the colo's cache has no rendered page. */
function hidePagesFromMisses(): void {
  if (hidingPages) return;
  hidingPages = true;
  const cache = caches.default;
  const match = cache.match.bind(cache);
  cache.match = (request, options) => {
    const key = typeof request === "string" ? request : request instanceof URL ? request.href : request.url;
    return missing.getStore() && isPageKey(key) ? Promise.resolve(undefined) : match(request, options);
  };
}
/** The pages' copies in KV (worker/features/pages/page-store.ts). */
const PAGE_COPY_PREFIX = "page:";
const renderEnvs = new WeakMap<Env, Env>();

/** `kv` with one method replaced, every other as it is. */
function withMethod<K extends "get" | "put">(kv: KVNamespace, name: K, method: KVNamespace[K]): KVNamespace {
  return new Proxy(kv, {
    get(target, prop) {
      if (prop === name) return method;
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The env of a request marked `render`: KV holds no page copy for it (every other key as it is). */
function withoutPageCopies(env: Env): Env {
  let e = renderEnvs.get(env);
  if (!e) {
    const kv = env.KV;
    const get = ((key: string, ...rest: unknown[]) =>
      key.startsWith(PAGE_COPY_PREFIX)
        ? Promise.resolve(null)
        : (kv.get as (...a: unknown[]) => unknown).apply(kv, [key, ...rest])) as KVNamespace["get"];
    e = { ...env, KV: withMethod(kv, "get", get) };
    renderEnvs.set(env, e);
  }
  return e;
}

const dryEnvs = new WeakMap<Env, Env>();

/** The env of a repeated render: as `render`'s, and KV takes no page copy (the write is dropped unsent). */
function withoutPageWrites(env: Env): Env {
  let e = dryEnvs.get(env);
  if (!e) {
    const base = withoutPageCopies(env);
    const kv = base.KV;
    const put = ((key: string, ...rest: unknown[]) =>
      key.startsWith(PAGE_COPY_PREFIX)
        ? Promise.resolve()
        : (kv.put as (...a: unknown[]) => unknown).apply(kv, [key, ...rest])) as KVNamespace["put"];
    e = { ...base, KV: withMethod(kv, "put", put) };
    dryEnvs.set(env, e);
  }
  return e;
}

/** Renders the page `times` times, keeping no copy anywhere: only the isolate's work of a render. */
async function renderDry(request: Request, env: Env, ctx: ExecutionContext, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    forgetColoWhere(isPageKey);
    const res = await missing.run(true, () => worker.fetch(request.clone(), withoutPageWrites(env), ctx));
    await res.arrayBuffer();
  }
}

const meteredEnvs = new WeakMap<Env, Env>();

/** The env a request sees: KV counted; D1 is counted on its session prototype (bench-meter.ts). */
function meteredEnv(env: Env): Env {
  let e = meteredEnvs.get(env);
  if (!e) {
    totals.d1Metered = meterD1(env.DB);
    e = { ...env, KV: meterKv(env.KV) };
    meteredEnvs.set(env, e);
  }
  return e;
}

function add(meter: Meter): void {
  totals.queries += meter.queries;
  totals.rowsRead += meter.rowsRead;
  totals.rowsWritten += meter.rowsWritten;
  totals.kvReads += meter.kvReads;
  totals.kvWrites += meter.kvWrites;
  totals.maxRowsRead = Math.max(totals.maxRowsRead, meter.rowsRead);
}

/** The newsroom's Workflow, its storage counted with the crons' (each step's invocation runs `run`). */
export class NewsroomWorkflow extends Newsroom {
  constructor(ctx: ExecutionContext, env: Env) {
    super(ctx, { ...env, KV: meterKv(env.KV) });
  }

  override run(...args: Parameters<Newsroom["run"]>): ReturnType<Newsroom["run"]> {
    return metered(totals.background, () => super.run(...args));
  }
}

/** The price feed, its ticks counted: what a day costs before anyone reads anything. */
export class PriceFeed extends Feed {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, { ...env, KV: meterKv(env.KV) });
  }

  override alarm(): Promise<void> {
    totals.feedTicks++;
    totals.lastTickAt = Date.now();
    return metered(totals.feed, () => super.alarm());
  }
}

export default {
  ...worker,
  // Counted for the scale run: how many consumer invocations a send takes, how many messages, and
  // the storage the consumer and the crons use.
  queue: (batch, env, ctx) => {
    totals.queueBatches++;
    totals.queueMessages += batch.messages.length;
    totals.d1Metered = meterD1(env.DB);
    return metered(totals.background, () => worker.queue(batch, env, ctx));
  },
  scheduled: (controller, env, ctx) => {
    totals.d1Metered = meterD1(env.DB);
    return metered(totals.background, () => worker.scheduled(controller, env, ctx));
  },
  fetch: async (request, env, ctx) => {
    const { pathname } = new URL(request.url);
    if (pathname === BENCH_NOOP_PATH) return Response.json({ ok: true });
    if (pathname === BENCH_METER_PATH) {
      const read = Response.json({ ...totals, sinceLastTickMs: Date.now() - totals.lastTickAt });
      // The most rows one request read since the last look: each route's run reads its own.
      totals.maxRowsRead = 0;
      return read;
    }
    const missHeader = request.headers.get(BENCH_MISS_HEADER);
    const miss = missHeader === "page" || missHeader === "render";
    if (miss) hidePagesFromMisses();
    if (missHeader === "render") {
      await renderDry(request, env, ctx, Math.min(Number(request.headers.get(BENCH_REPEAT_HEADER)) || 0, 10));
      env = withoutPageCopies(env);
    }
    if (miss) forgetColoWhere(isPageKey);
    if (request.headers.get(BENCH_METER_HEADER) !== "1") {
      return miss ? missing.run(true, () => worker.fetch(request, env, ctx)) : worker.fetch(request, env, ctx);
    }
    const meter = emptyMeter();
    totals.requests++;
    // Work left to waitUntil is counted when it ends (the bench reads the meter after a pause).
    let left = Promise.resolve();
    const counted = new Proxy(ctx, {
      get(target, name) {
        if (name !== "waitUntil") {
          const value = Reflect.get(target, name);
          return typeof value === "function" ? value.bind(target) : value;
        }
        return (p: Promise<unknown>) => {
          left = left
            .then(() => p)
            .then(
              () => undefined,
              () => undefined,
            );
          target.waitUntil(p);
        };
      },
    });
    try {
      return await missing.run(miss, () => metered(meter, () => worker.fetch(request, meteredEnv(env), counted)));
    } finally {
      ctx.waitUntil(left.then(() => add(meter)));
    }
  },
} satisfies ExportedHandler<Env>;
