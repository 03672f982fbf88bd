import { unit } from "#worker/lib/random.ts";
import type { CoinFacts, Fact } from "#worker/ports/llm/llm.ts";

/** A deterministic chooser: the same seed and slot always pick the same variant. */
export type Chooser = <T>(slot: string, options: readonly T[]) => T;

export function chooser(seed: string): Chooser {
  return (slot, options) => {
    const index = Math.floor(unit(`${seed}:${slot}`) * options.length);
    return options[Math.min(index, options.length - 1)] as (typeof options)[number];
  };
}

/** A fact's citation: the server writes its display text in its place after the check. */
export function cite(fact: Fact | null | undefined): string {
  return fact ? `{{${fact.id}}}` : "";
}

const FLAT = 0.25;

/** "rose 2.31%", "fell 0.84%", or "was little changed (+0.12%)". */
export function moved(change: Fact | null, choose: Chooser, slot: string): string {
  if (!change) return "showed no reported 24-hour change";
  if (Math.abs(change.value) < FLAT) return `was little changed (${cite(change)})`;
  const up = choose(`${slot}:up`, ["rose", "gained", "climbed", "advanced"]);
  const down = choose(`${slot}:down`, ["fell", "slipped", "declined", "dropped"]);
  // The sign goes when the citation is written out after a direction word ("rose 2.31%").
  return `${change.value > 0 ? up : down} ${cite(change)}`;
}

/** "up 4.10%" or "down 3.20%" for a signed change. */
export function upDown(change: Fact): string {
  return `${change.value >= 0 ? "up" : "down"} ${cite(change)}`;
}

export function coinName(coin: CoinFacts): string {
  return `${coin.name} (${coin.symbol})`;
}

/** "A, B and C". */
export function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Joins paragraphs and headings into Markdown. */
export function markdown(blocks: readonly (string | null | false | undefined)[]): string {
  return blocks.filter((b): b is string => typeof b === "string" && b.length > 0).join("\n\n");
}

/** A coin's category as readers say it, or null for the generic one. */
export function sectorOf(coin: CoinFacts): string | null {
  const names: Record<string, string> = {
    meme: "meme coin",
    "layer-1": "base-layer blockchain",
    "layer-0": "interoperability network",
    defi: "DeFi token",
    dex: "exchange protocol",
    lending: "lending protocol",
    ai: "AI-focused project",
    privacy: "privacy coin",
    payments: "payments network",
    oracles: "oracle network",
    "exchange-tokens": "exchange token",
    "liquid-staking": "liquid-staking token",
    commodities: "commodity-backed token",
    "smart-contracts": "smart-contract platform",
  };
  for (const c of coin.categories) {
    const name = names[c];
    if (name) return name;
  }
  return null;
}
