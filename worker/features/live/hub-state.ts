import type { Crypto } from "#schema/contracts/crypto.ts";
import { LIVE_FIELDS, type LiveGlobal, type LiveRow, type LiveServerMessage, type LiveTopic, pageTopic } from "#schema/contracts/live.ts";

/**
 * What a hub knows between ticks, kept in its storage so that it survives hibernation and eviction:
 * the last figures of every tracked coin (to send only what changed), the tick each coin last
 * changed in and the page a coin left (to answer a resume), and the first tick it holds.
 */
export type HubState = {
  tick: number;
  at: string;
  /** The first tick this state holds: a resume from before it gets full rows. */
  base: number;
  rows: Record<string, LiveRow>;
  changedAt: Record<string, number>;
  /** A coin that moved to another page of the table: when, and the page it left. */
  leftPage: Record<string, { tick: number; topic: LiveTopic }>;
  global: LiveGlobal | null;
};

/** One tick as the price feed hands it to every hub. */
export type LiveTick = { tick: number; at: string; rows: LiveRow[]; global: LiveGlobal };

/** A coin's live figures (the fields that move with a tick). */
export function liveRowOf(coin: Crypto): LiveRow {
  const row: Record<string, unknown> = { id: coin.id, symbol: coin.symbol };
  for (const f of LIVE_FIELDS) row[f] = coin[f];
  return row as LiveRow;
}

/** The fields of `next` that differ from `prev`, or null when nothing did. */
function changedFields(prev: LiveRow | undefined, next: LiveRow): LiveRow | null {
  if (!prev) return next;
  let out: Record<string, unknown> | null = null;
  for (const f of LIVE_FIELDS) {
    if (prev[f] === next[f]) continue;
    out ??= { id: next.id, symbol: next.symbol };
    out[f] = next[f];
  }
  return out as LiveRow | null;
}

/** The topics each tick reaches: a coin's page (and the page it left) and the coin itself. */
export type TickChanges = { byTopic: Map<LiveTopic, LiveRow[]>; changed: number };

/** Folds a tick into the state: the new state and the changed rows by topic. */
export function applyTick(state: HubState | null, t: LiveTick): { next: HubState; changes: TickChanges } {
  const rows: Record<string, LiveRow> = {};
  const changedAt = { ...(state?.changedAt ?? {}) };
  const leftPage = { ...(state?.leftPage ?? {}) };
  const byTopic = new Map<LiveTopic, LiveRow[]>();
  const add = (topic: LiveTopic, row: LiveRow) => {
    const list = byTopic.get(topic);
    if (list) list.push(row);
    else byTopic.set(topic, [row]);
  };
  let changed = 0;
  for (const row of t.rows) {
    rows[row.id] = row;
    const prev = state?.rows[row.id];
    const diff = changedFields(prev, row);
    if (!diff) continue;
    changed++;
    changedAt[row.id] = t.tick;
    const topic = pageTopic(row.rank ?? 0);
    add(topic, diff);
    add(`coin:${row.id}`, diff);
    // A coin that changed page also tells its old page, whose readers then reload it.
    const from = prev?.rank ? pageTopic(prev.rank) : null;
    if (from && from !== topic) {
      add(from, diff);
      leftPage[row.id] = { tick: t.tick, topic: from };
    }
  }
  // A coin that left the Top 500 is forgotten; its last readers see it no more on the next reload.
  for (const id of Object.keys(changedAt)) if (!rows[id]) delete changedAt[id];
  for (const id of Object.keys(leftPage)) if (!rows[id]) delete leftPage[id];
  const base = state && t.tick > state.tick ? state.base : t.tick;
  return {
    next: { tick: t.tick, at: t.at, base, rows, changedAt, leftPage, global: t.global },
    changes: { byTopic, changed },
  };
}

/** One topic's message for this tick (rows may be empty: the message still tells the client the tick went by). */
export function tickMessage(state: HubState, prev: number | null, topic: LiveTopic, rows: LiveRow[], full: boolean): LiveServerMessage {
  return { type: "tick", tick: state.tick, prev, at: state.at, topic, full, rows };
}

export function globalMessage(state: HubState, prev: number | null): LiveServerMessage | null {
  return state.global ? { type: "global", tick: state.tick, prev, at: state.at, global: state.global } : null;
}

/** Every row of a topic as it is now. */
function topicRows(state: HubState, topic: LiveTopic): LiveRow[] {
  if (topic.startsWith("coin:")) {
    const row = state.rows[topic.slice(5)];
    return row ? [row] : [];
  }
  return Object.values(state.rows).filter((r) => pageTopic(r.rank ?? 0) === topic);
}

/**
 * What a client that holds tick `since` (or nothing) needs to be current: per topic, the rows that
 * changed after `since`, whole; every row when `since` is unknown or older than the state holds.
 */
export function catchUp(state: HubState, topics: readonly LiveTopic[], since: number | undefined): LiveServerMessage[] {
  const known = since !== undefined && since >= state.base && since <= state.tick;
  const out: LiveServerMessage[] = [];
  for (const topic of topics) {
    if (topic === "global") {
      const g = globalMessage(state, known ? since : null);
      if (g) out.push(g);
      continue;
    }
    if (!known) {
      out.push(tickMessage(state, null, topic, topicRows(state, topic), true));
      continue;
    }
    const rows = topicRows(state, topic).filter((r) => (state.changedAt[r.id] ?? 0) > since);
    for (const [id, left] of Object.entries(state.leftPage)) {
      const row = state.rows[id];
      if (row && left.topic === topic && left.tick > since && !rows.includes(row)) rows.push(row);
    }
    out.push(tickMessage(state, since, topic, rows, false));
  }
  return out;
}
