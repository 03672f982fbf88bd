import { apiContract } from "#schema/contracts/api/index.ts";
import { currentSnapshot } from "#worker/features/cryptos/index.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { clientAddress } from "#worker/lib/rate-limit.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { fromSitePage } from "#worker/lib/same-origin.ts";
import { hubFor } from "./publish.ts";

/** Crawlers and link previews get the page without a socket: they read once and leave. */
const CRAWLER = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse/i;

/**
 * GET /api/live: checks what a hub cannot (a WebSocket upgrade, the site's own origin, no crawler,
 * coins the site tracks), then hands the upgrade to the reader's hub, which enforces the per-address cap.
 */
export const liveRoutes = contractRoutes(
  route(apiContract.openLive, async (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
      throw new ApiError("BAD_REQUEST", "GET /api/live opens a WebSocket: send Upgrade: websocket.");
    // Another site's page may not use our readers' sockets.
    if (!fromSitePage(c)) throw new ApiError("FORBIDDEN", "Live prices are for this site's own pages.");
    if (CRAWLER.test(c.req.header("user-agent") ?? "")) throw new ApiError("FORBIDDEN", "No live prices for crawlers.");
    const { topics, since } = c.req.valid("query");
    const coins = topics.filter((t) => t.startsWith("coin:")).map((t) => t.slice(5));
    if (coins.length) {
      const tracked = new Set((await currentSnapshot(runtimeDeps(c))).coins.map((x) => x.id));
      const unknown = coins.filter((id) => !tracked.has(id));
      if (unknown.length)
        throw new ApiError("BAD_REQUEST", "Unknown topic", {
          issues: unknown.map((id) => ({ path: "topics", message: `coin:${id} is not a tracked coin` })),
        });
    }
    // Tags and attachments keep a hash, not the address. Cloudflare always names a real address; only
    // local runs (wrangler dev, the e2e journeys, the bench) come from loopback, every page from the
    // same one, so there each socket counts alone.
    const client = clientAddress(c.req.raw.headers);
    const local = client === "unknown" || client === "::1" || client.startsWith("127.");
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(local ? crypto.randomUUID() : client));
    const address = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
    const headers = new Headers({ upgrade: "websocket", "x-live-topics": topics.join(","), "x-live-address": address });
    headers.set("x-request-id", c.get("requestId") ?? "unknown");
    if (since !== undefined) headers.set("x-live-since", String(since));
    const res = await hubFor(c.env, address).fetch("https://live-hub/connect", { headers });
    // A fresh Response: the hub's headers are immutable, and the app's middleware adds its own.
    return new Response(res.body, { status: res.status, headers: res.headers, webSocket: res.webSocket });
  }),
);
