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

/**
 * Verbs by the size of the move they may describe, as the claim check reads them: "slipped" only
 * under 3%, "plunged" only from 3%, never "crashed" (10% and more is still "plunged").
 */
const VERBS = {
  up: {
    small: ["rose", "gained", "edged up", "added"],
    medium: ["rose", "climbed", "advanced", "gained"],
    large: ["surged", "soared", "jumped", "rallied"],
  },
  down: {
    small: ["slipped", "eased", "dipped", "fell"],
    medium: ["fell", "declined", "dropped", "slid"],
    large: ["plunged", "tumbled", "slumped", "dropped"],
  },
} as const;

/** "rose 2.31%", "plunged 66.10%", or "was little changed (+0.12%)". */
export function moved(change: Fact | null, choose: Chooser, slot: string): string {
  if (!change) return "showed no reported 24-hour change";
  const size = Math.abs(change.value);
  if (size < FLAT) return `was little changed (${cite(change)})`;
  const band = size < 3 ? "small" : size < 10 ? "medium" : "large";
  const verb = choose(`${slot}:${change.value > 0 ? "up" : "down"}:${band}`, VERBS[change.value > 0 ? "up" : "down"][band]);
  // The sign goes when the citation is written out after a direction word ("rose 2.31%").
  return `${verb} ${cite(change)}`;
}

/** "rose 2.31% to $64,039.00" (with the period written between, when given), or "traded at $64,039.00" with no change reported. */
export function movedTo(change: Fact | null, price: Fact, choose: Chooser, slot: string, period = ""): string {
  if (!change) return `traded at ${cite(price)}${period}`;
  return `${moved(change, choose, slot)}${period} to ${cite(price)}`;
}

/** "up 4.10%" or "down 3.20%" for a signed change. */
export function upDown(change: Fact): string {
  return `${change.value >= 0 ? "up" : "down"} ${cite(change)}`;
}

export function coinName(coin: CoinFacts): string {
  return `${coin.name} (${coin.symbol})`;
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
