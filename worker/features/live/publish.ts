import type { Crypto } from "#schema/contracts/crypto.ts";
import { marketTotals } from "#worker/features/charts/index.ts";
import { liveRowOf } from "./hub-state.ts";
import { LIVE_SHARDS } from "./limits.ts";

/** The hub that holds a reader's socket: its address picks the shard, so one address's sockets meet in one hub. */
export function hubFor(env: Env, addressHash: string) {
  const shard = Number.parseInt(addressHash.slice(0, 8), 16) % LIVE_SHARDS;
  return env.LIVE_HUB.get(env.LIVE_HUB.idFromName(`live-${shard}`));
}

/**
 * Hands one tick to every hub (called by the price feed after it publishes the snapshot). Each hub
 * diffs it against the last tick it saw, so a hub that missed a tick still sends the right changes.
 */
export async function publishLive(env: Env, tick: number, at: string, coins: readonly Crypto[]): Promise<void> {
  const t = { tick, at, rows: coins.map(liveRowOf), global: { ...marketTotals(coins), updatedAt: at } };
  await Promise.all(
    Array.from({ length: LIVE_SHARDS }, (_, shard) => env.LIVE_HUB.get(env.LIVE_HUB.idFromName(`live-${shard}`)).publish(t)),
  );
}
