import type { QuestionType } from "#schema/contracts/ask.ts";
import type { AnswerTable, AskPlan } from "#schema/contracts/ask-free-types.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import type { PriceSnapshot } from "#worker/features/cryptos/index.ts";
import { readCachedAnswer } from "./cache.ts";
import type { FreeBrief, FreeInput } from "./free-brief-base.ts";
import { buildFreeBrief } from "./free-briefs.ts";
import { summarize } from "./plan/summary.ts";

/**
 * Answering a free-text plan: the plan checked against today's market (its coins looked up again, its
 * summary written again), what it costs, its cache key, and its brief. The route (free.routes.ts)
 * gates, streams and keeps the answer around it.
 */

/** The plan with its coins as the snapshot lists them now, or the coin it names that the site no longer tracks. */
export function resolvePlan(
  plan: AskPlan,
  snapshot: PriceSnapshot,
): { plan: AskPlan; coins: Crypto[] } | { missing: AskPlan["coins"][number] } {
  const coins: Crypto[] = [];
  for (const named of plan.coins) {
    const coin = snapshot.coins.find((c) => c.id === named.id);
    if (!coin) return { missing: named };
    coins.push(coin);
  }
  const checked = { ...plan, coins: coins.map((c) => ({ id: c.id, symbol: c.symbol, name: c.name })) };
  return { plan: { ...checked, summary: summarize(checked) }, coins };
}

/** Whether answering needs the member's watchlist (a guest asking one is refused, uncounted). */
export const needsWatchlist = (plan: AskPlan): boolean => plan.scope === "watchlist";

/**
 * What a plan costs, as the card's questions do (docs/decisions/ask/free-text-quota.md): an `about`
 * plan is the free `about` question; every other plan is one paid question.
 */
export function costOf(plan: AskPlan): QuestionType {
  return plan.intent === "about" ? "about" : "price_movement";
}

/** FNV-1a of a text, base 36: a watchlist in a cache key without its length. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * One answer per plan (never per wording: two phrasings of one plan share it), price tick and
 * answerer. A watchlist plan's answer is the member's own: its key holds the member and their coins.
 */
export function freeCacheKey(
  plan: AskPlan,
  asOf: string,
  answerer: string,
  watch: { userId: string; coins: readonly Crypto[] } | null,
): string {
  const screen = plan.screen ? `${plan.screen.universe}/${plan.screen.order}/${plan.screen.limit}` : "-";
  const whose = needsWatchlist(plan) && watch ? `${watch.userId}/${digest(watch.coins.map((c) => c.id).join(","))}` : "all";
  const coins = plan.coins.map((c) => c.id).join(",");
  return `ask-free:v1:${plan.intent}:${plan.scope}:${coins}:${plan.period}:${plan.metric}:${screen}:${whose}:${asOf}:${answerer}`;
}

export type CachedFree = { text: string; asOf: string; tables: AnswerTable[] };

export type PreparedFree = { key: string; asOf: string } & ({ cached: CachedFree; built: null } | { cached: null; built: FreeBrief });

/** The cached answer of this plan at this tick when there is one (no brief built), else its brief. */
export async function prepareFree(input: FreeInput, answerer: string, kv: KVNamespace, userId: string | null): Promise<PreparedFree> {
  const watch = userId && input.watchlist ? { userId, coins: input.watchlist } : null;
  const key = freeCacheKey(input.plan, input.snapshot.updatedAt, answerer, watch);
  const hit = await readCachedAnswer(kv, key);
  if (hit?.tables) return { key, asOf: hit.asOf, cached: { text: hit.text, asOf: hit.asOf, tables: hit.tables }, built: null };
  const built = await buildFreeBrief(input);
  return { key, asOf: built.brief.asOf, cached: null, built };
}
