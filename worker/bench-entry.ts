/**
 * The Worker `npm run bench` builds and serves: the production entry plus one no-op JSON route, the
 * runtime's own ceiling that every route's throughput is reported against. Production
 * (worker/index.ts, wrangler.toml `main`) has no such route: there it is an unknown API path (404).
 * Only handlers and classes may be exported here: workerd treats every export as an entrypoint.
 */
import { BENCH_NOOP_PATH } from "./bench-noop.ts";
import worker from "./index.ts";

export { GuestLimiter, PriceFeed, QuotaCounter } from "./index.ts";

export default {
  ...worker,
  fetch: (request, env, ctx) => {
    if (new URL(request.url).pathname === BENCH_NOOP_PATH) return Response.json({ ok: true });
    return worker.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
