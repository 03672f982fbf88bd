import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { type LiveRow, type LiveServerMessage, liveServerMessage } from "#schema/contracts/live.ts";
import { ORIGIN } from "#worker/test/http.ts";
import { TestSocket as BaseSocket } from "#worker/test/test-socket.ts";
import type { LiveTick } from "./hub-state.ts";

/**
 * Test helpers of live prices: a real WebSocket from the Worker's entry point (or straight from the
 * hub) that keeps every message it receives, checked against the contract, and ticks made by hand.
 */
export class TestSocket extends BaseSocket<LiveServerMessage> {
  constructor(ws: WebSocket) {
    super(ws, (data) => liveServerMessage.parse(data));
  }

  /** The first message of tick `tick` for `topic` ("global" for the strip). */
  forTick(tick: number, topic: string) {
    return this.until(() =>
      this.messages.find((m) => m.type !== "error" && m.tick === tick && (m.type === "global" ? topic === "global" : m.topic === topic)),
    );
  }
}

/** Opens GET /api/live through the Worker as a page of the site would. */
export async function openLive(query: string, headers: Record<string, string> = {}): Promise<{ res: Response; socket?: TestSocket }> {
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/api/live?${query}`, {
      headers: { upgrade: "websocket", origin: ORIGIN, "cf-connecting-ip": "192.0.2.1", ...headers },
    }),
  );
  return { res, socket: res.webSocket ? new TestSocket(res.webSocket) : undefined };
}

/** The one hub of a single-shard site. */
export function hub() {
  return env.LIVE_HUB.get(env.LIVE_HUB.idFromName("live-0"));
}

/** `count` coins ranked 1..count, priced from `seed` so two seeds differ in every price. */
export function makeRows(count: number, seed = 1): LiveRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `coin-${i + 1}`,
    symbol: `C${i + 1}`,
    rank: i + 1,
    priceUsd: (i + 1) * seed,
    price: `$${(i + 1) * seed}`,
    change24h: 1,
    price24h: "+1.00%",
  }));
}

export function makeTick(tick: number, rows: LiveRow[]): LiveTick {
  return {
    tick,
    at: new Date(1_800_000_000_000 + tick * 30_000).toISOString(),
    rows,
    global: { totalMarketCap: tick, marketCapChange24h: null, volume24h: 1, btcDominance: 50, updatedAt: "x" },
  };
}
