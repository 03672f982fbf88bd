/**
 * The offline replay: without live market data the site replays what CoinGecko reported up to one
 * recorded moment, with that moment mapped to the time the local site was seeded. The seed records
 * the mapping here so that every page can say which day a figure was really recorded
 * (docs/decisions/markets/offline-replay.md).
 */
/** KV key of the current replay, written by `npm run seed` / `npm start`. */
export const REPLAY_KEY = "market:replay";

export type Replay = {
  /** When the recording ends (ISO): the figures the replay starts from were reported then. */
  recordedAt: string;
  /** When the replay started (ISO): the recording's end was laid on this moment. */
  replayedAt: string;
};

/** The replay as the seed recorded it, or null on a site seeded without one (tests, live data). */
export async function readReplay(kv: { get<T>(key: string, type: "json"): Promise<T | null> }): Promise<Replay | null> {
  const stored = await kv.get<Replay>(REPLAY_KEY, "json");
  return stored && typeof stored.replayedAt === "string" && typeof stored.recordedAt === "string" ? stored : null;
}
