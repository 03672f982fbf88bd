import { useQuery } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { LiveServerMessage, LiveTopic } from "#schema/contracts/live.ts";
import { coinQuery } from "#web/features/coin/api/coin.ts";
import { LiveDot, LivePrices } from "#web/features/live-prices/components/live-prices.tsx";
import { LiveConnection } from "#web/features/live-prices/live-connection.ts";
import { MarketStrip } from "#web/features/market-strip/components/market-strip.tsx";
import { getLiveStatus } from "#web/lib/live-status.ts";
import { backoffDelay } from "#web/lib/socket.ts";
import { makeCrypto } from "#web/test/fixtures.ts";
import { calls, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";

/** A WebSocket the test drives: what the page sent, and the server's side (open, message, close). */
class FakeSocket {
  static all: FakeSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  serverOpen() {
    act(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  serverSend(message: LiveServerMessage) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
  serverClose() {
    act(() => {
      this.readyState = 3;
      this.onclose?.();
    });
  }
  static last(): FakeSocket {
    const s = FakeSocket.all.at(-1);
    if (!s) throw new Error("no socket opened");
    return s;
  }
}

const btc = makeCrypto({ id: "bitcoin", symbol: "BTC", name: "Bitcoin", rank: 1, priceUsd: 64_000, price: "$64,000.00" });
const market = {
  totalMarketCap: 2.62e12,
  marketCapChange24h: 0.5,
  volume24h: 1.6e11,
  volumeDayAgo: null,
  btcDominance: 58.2,
  sentiment: null,
  updatedAt: "2026-11-27T09:00:00.000Z",
};

function CoinPrice() {
  const { data } = useQuery(coinQuery("BTC"));
  return <p data-testid="coin">{data?.price}</p>;
}

function Page() {
  return (
    <>
      <LivePrices />
      <LiveDot />
      <MarketStrip />
      <CoinPrice />
    </>
  );
}

const at = "2026-11-27T09:00:30.000Z";
const liveGlobal = {
  totalMarketCap: market.totalMarketCap,
  marketCapChange24h: 0.5,
  volume24h: market.volume24h,
  btcDominance: 58.2,
  updatedAt: at,
};

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  server.use(
    mock(apiContract.getGlobalMarket, market),
    mock(apiContract.getCrypto, btc),
    mock(apiContract.getSiteStatus, { demo: false, demoDataFrom: null, recordedAt: null, replayedAt: null }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openPage() {
  const utils = renderAt(<Page />);
  await screen.findByText("$64,000.00");
  await screen.findByText(/Market Cap/);
  // One socket for what the page shows: the strip and the coin.
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  const socket = FakeSocket.last();
  expect(new URL(socket.url).searchParams.get("topics")).toBe("global,coin:bitcoin");
  socket.serverOpen();
  return { ...utils, socket };
}

describe("live prices", () => {
  it("moves the coin and the strip in place on a tick, flashes them, and says live", async () => {
    const { socket } = await openPage();
    expect(await screen.findByRole("status")).toHaveTextContent("Live");
    socket.serverSend({
      type: "tick",
      tick: 7,
      prev: 6,
      at,
      topic: "coin:bitcoin",
      full: false,
      rows: [{ id: "bitcoin", symbol: "BTC", priceUsd: 65_000, price: "$65,000.00" }],
    });
    socket.serverSend({
      type: "global",
      tick: 7,
      prev: 6,
      at,
      global: { totalMarketCap: 2.7e12, marketCapChange24h: 0.6, volume24h: 1.6e11, btcDominance: 58.2, updatedAt: at },
    });
    expect(await screen.findByText("$65,000.00")).toBeInTheDocument();
    const cap = screen.getByTestId("strip-market-cap");
    expect(cap).toHaveTextContent("$2.70T");
    expect(within(cap).getByText("$2.70T")).toHaveAttribute("data-flash", "up");
    // No request was made for it: the socket wrote the cache.
    expect(calls.filter((c) => c.operation === "getCrypto")).toHaveLength(1);
  });

  it("asks for the ticks it missed when a message is relative to a tick it never saw", async () => {
    const { socket } = await openPage();
    socket.serverSend({ type: "global", tick: 7, prev: 6, at, global: liveGlobal });
    socket.serverSend({ type: "global", tick: 9, prev: 8, at, global: liveGlobal });
    expect(socket.sent).toEqual([JSON.stringify({ type: "resume", since: 7 })]);
  });

  it("polls when the socket drops, says paused, and reconnects with the last tick", async () => {
    const { socket } = await openPage();
    socket.serverSend({ type: "global", tick: 7, prev: 6, at, global: liveGlobal });
    socket.serverClose();
    expect(await screen.findByRole("status")).toHaveTextContent("Paused");
    // What it missed is fetched at once; the queries poll again until the socket is back.
    await waitFor(() => expect(calls.filter((c) => c.operation === "getCrypto").length).toBeGreaterThanOrEqual(2));
    expect(getLiveStatus()).toBe("paused");
    // Back after a backoff of at most a second, from tick 7.
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3000 });
    expect(new URL(FakeSocket.last().url).searchParams.get("since")).toBe("7");
  });

  it("opens no socket for a crawler", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (compatible; Googlebot/2.1)");
    renderAt(<Page />);
    await screen.findByText("$64,000.00");
    await new Promise((r) => setTimeout(r, 400));
    expect(FakeSocket.all).toHaveLength(0);
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("LiveConnection's topics", () => {
  it("starts over with every row when a topic joins, and resumes from its last tick when one leaves", () => {
    FakeSocket.all = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    const messages: LiveServerMessage[] = [];
    const url = (topics: LiveTopic[], since: number | null) =>
      `/api/live?topics=${topics.join(",")}${since === null ? "" : `&since=${since}`}`;
    const connection = new LiveConnection({ onMessage: (m) => messages.push(m), onFallback: () => {} }, url);
    connection.setTopics(["global"]);
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverSend({ type: "global", tick: 7, prev: 6, at, global: liveGlobal });
    // The coin's data came from its fetch, before tick 7 perhaps: it gets all its rows, not those after 7.
    connection.setTopics(["global", "coin:bitcoin"]);
    expect(new URL(FakeSocket.last().url, "http://x").searchParams.get("since")).toBeNull();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverSend({ type: "global", tick: 8, prev: null, at, global: liveGlobal });
    connection.setTopics(["global"]);
    expect(new URL(FakeSocket.last().url, "http://x").searchParams.get("since")).toBe("8");
    connection.stop();
    expect(messages.map((m) => (m.type === "error" ? null : m.tick))).toEqual([7, 8]);
  });
});

describe("backoffDelay", () => {
  it("doubles from one second to a minute, with jitter in the upper half", () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0.5)).toBe(6000);
    expect(backoffDelay(20, () => 1)).toBe(60_000);
  });
});
