import type { Query, QueryClient } from "@tanstack/react-query";
import type { Crypto, CryptoPage, CryptoRow } from "#schema/contracts/crypto.ts";
import type { LiveRow, LiveServerMessage, LiveTopic } from "#schema/contracts/live.ts";
import { LIVE_MAX_TOPICS, pageTopic } from "#schema/contracts/live-protocol.ts";

/**
 * The socket writes into the React Query cache in place, so every view of a price moves at once
 * without knowing about sockets. It reads and writes the price features' data by shape under their
 * shared key prefixes (web features do not import each other): `["cryptos", ...]` holds coins (one
 * coin, a list, or a page of the table) and `["market", "global"]` the strip.
 */
const COINS: readonly unknown[] = ["cryptos"];
const GLOBAL: readonly unknown[] = ["market", "global"];
/** Lists ordered by something the socket does not send (the movers): they keep polling and get no topic. */
const REORDERED = new Set(["gainers", "losers"]);

type Coins = Crypto | Crypto[] | CryptoPage;

function isPage(data: unknown): data is CryptoPage {
  return typeof data === "object" && data !== null && Array.isArray((data as CryptoPage).data);
}
function isCoin(data: unknown): data is Crypto {
  return typeof data === "object" && data !== null && typeof (data as Crypto).id === "string" && "priceUsd" in data;
}

/** The topics the page's open price queries need, from what they hold: pages of the table, coins, the strip. */
export function topicsFromCache(client: QueryClient): LiveTopic[] {
  const pages = new Set<LiveTopic>();
  const coins = new Set<LiveTopic>();
  let global = false;
  const active = (q: Query) => q.getObserversCount() > 0;
  for (const q of client.getQueryCache().findAll({ queryKey: GLOBAL })) if (active(q)) global = true;
  for (const q of client.getQueryCache().findAll({ queryKey: COINS })) {
    if (!active(q) || REORDERED.has(String(q.queryKey[1]))) continue;
    const data = q.state.data;
    if (isPage(data)) for (const c of data.data) pages.add(pageTopic(c.rank));
    else if (Array.isArray(data)) for (const c of data as Crypto[]) pages.add(pageTopic(c.rank));
    else if (isCoin(data)) coins.add(`coin:${data.id}`);
  }
  const topics: LiveTopic[] = [...(global ? ["global" as const] : []), ...[...pages].sort()];
  for (const c of [...coins].sort()) {
    // Too many topics for one socket: a coin falls back to its page of the table.
    if (topics.length < LIVE_MAX_TOPICS) topics.push(c);
  }
  return topics;
}

/**
 * The coin with the row's changed figures: only the fields the cached coin holds, so a row of the
 * table (cryptoRowSchema) keeps its shape when a tick brings a coin page's figures (the 24h range).
 */
function merge<T extends CryptoRow>(coin: T, rows: Map<string, LiveRow>, moved: { rank: boolean }): T {
  const row = rows.get(coin.id);
  if (!row) return coin;
  if (row.rank !== undefined && row.rank !== coin.rank) moved.rank = true;
  const { id: _id, symbol: _symbol, ...fields } = row;
  const next: Record<string, unknown> = { ...coin };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && key in coin) next[key] = value;
  return next as T;
}

/**
 * Writes one message into the cache. Answers whether lists must be fetched again: a coin changed
 * rank, or a page's topic names a coin that page does not hold (the order changed under it).
 */
export function applyLiveMessage(client: QueryClient, message: LiveServerMessage): { reload: boolean } {
  if (message.type === "error") return { reload: false };
  if (message.type === "global") {
    client.setQueriesData<{ updatedAt: string }>({ queryKey: GLOBAL }, (old) => (old ? { ...old, ...message.global } : old));
    return { reload: false };
  }
  if (message.rows.length === 0) return { reload: false };
  const rows = new Map(message.rows.map((r) => [r.id, r]));
  const moved = { rank: false };
  // A page sorted by anything but rank is ordered by the figures a tick moves: written in place it
  // would lose its order, so it is fetched again instead.
  // (A category's page is keyed as a page from [2] on: web/features/markets/api/cryptos.ts.)
  const sortedByFigures = (q: Query) => (q.queryKey[1] === "page" || q.queryKey[1] === "category") && q.queryKey[3] !== "rank";
  for (const q of client.getQueryCache().findAll({ queryKey: COINS, predicate: sortedByFigures })) {
    const data = q.state.data;
    if (isPage(data) && data.data.some((c) => rows.has(c.id))) moved.rank = true;
  }
  client.setQueriesData<Coins>({ queryKey: COINS, predicate: (q) => !sortedByFigures(q) }, (old) => {
    if (!old) return old;
    if (isPage(old)) {
      const seen = old.data.some((c) => rows.has(c.id));
      return seen ? { ...old, data: old.data.map((c) => merge(c, rows, moved)) } : old;
    }
    if (Array.isArray(old)) return old.some((c) => rows.has(c.id)) ? old.map((c) => merge(c, rows, moved)) : old;
    return isCoin(old) ? merge(old, rows, moved) : old;
  });
  // A page of the table in rank order that does not hold a coin whose rank falls in its own range has
  // lost its order. Its range comes from its own page and size (?rows= 50, 100 or 250), which need not
  // be the topics' 100.
  if (message.topic.startsWith("top:")) {
    const rankAscending = (q: Query) => q.queryKey[3] === "rank" && q.queryKey[4] === "asc";
    for (const q of client.getQueryCache().findAll({ queryKey: ["cryptos", "page"], predicate: rankAscending })) {
      const data = q.state.data;
      if (!isPage(data)) continue;
      const { page, limit } = data.pagination;
      const held = new Set(data.data.map((c) => c.id));
      const inRange = (rank: number | undefined) => rank !== undefined && rank > (page - 1) * limit && rank <= page * limit;
      if (message.rows.some((r) => !held.has(r.id) && inRange(r.rank))) moved.rank = true;
    }
  }
  return { reload: moved.rank };
}
