import type { GroupWord, Metric, Period, Ranking, Stat } from "#worker/lib/grounding/types.ts";

/** How big a move a direction or magnitude word claims: "slipped" is mild, "plunged" strong, "crashed" extreme. */
export type Strength = "mild" | "plain" | "strong" | "extreme";

/**
 * What the check knows about a word or phrase. Every word of a text must have an entry: a word
 * without one is held by name (the closed world). `plain` words carry no claim; every other class
 * is a claim part that must agree with a fact (or, for `held`, is never allowed).
 */
export type Entry =
  | { cls: "plain" }
  /** Rose (+1) or fell (-1); for ranks, +1 is "better" (a lower number). */
  | { cls: "direction"; dir: 1 | -1; strength: Strength; noun?: boolean }
  /** Little changed: the move is within the flat band. */
  | { cls: "flat" }
  | { cls: "period"; period: Period | "other" }
  /** What a figure measures; "supply" is any of the supply figures. */
  | { cls: "metric"; metric: Metric | "supply" }
  /** An evaluation of a level or a change: bullish (+1), bearish (-1), mixed (0). */
  | { cls: "polarity"; sign: 1 | -1 | 0 }
  /** The size of a move, whatever its direction. */
  | { cls: "magnitude"; size: "small" | "large" | "extreme" }
  /**
   * A relation between two things: more or less than, the same or the opposite way ("in step",
   * "diverged"), or a bare marker ("than", "compared with") that the other words of the sentence
   * must complete.
   */
  | { cls: "comparison"; relation: "more" | "less" | "same" | "opposite" | "marker" }
  /** A comparison with the coin's own usual move: above (larger than usual), far above (unusually), below. */
  | { cls: "usual"; relation: "above" | "farAbove" | "below" | "marker" }
  /** First or last of a list; `ranking` when the word names the list itself ("top gainer"). */
  | { cls: "superlative"; end: "top" | "bottom"; plural: boolean; ranking?: Ranking }
  | { cls: "stat"; stat: Stat }
  | { cls: "group"; group: GroupWord }
  /** A word that names a list of the day (gainers, losers): a coin put in it must belong there. */
  | { cls: "member"; ranking: Ranking; dir: 1 | -1 }
  /** A cause, a prediction, advice, an event or a vague quantity: the data cannot back it. */
  | { cls: "held"; reason: string };

/** The regular English forms of a verb: "trade" → trades, traded, trading; "slip+" doubles (slipped). */
export function verbForms(spec: string): string[] {
  const parts = spec.split("/");
  if (parts.length > 1) return parts.filter(Boolean);
  const double = spec.endsWith("+");
  const base = double ? spec.slice(0, -1) : spec;
  const last = base.slice(-1);
  const stem = double ? base + last : base;
  const third = /(?:s|x|z|ch|sh)$/.test(base) ? `${base}es` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : `${base}s`;
  const past = base.endsWith("e") ? `${base}d` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ied` : `${stem}ed`;
  const ing = /[^aeio]e$/.test(base) && !base.endsWith("ee") ? `${base.slice(0, -1)}ing` : `${stem}ing`;
  return [base, third, past, ing];
}

/** A noun and its plural: "coin" → coins, "category" → categories, "~data" has none. */
export function nounForms(spec: string): string[] {
  if (spec.startsWith("~")) return [spec.slice(1)];
  const parts = spec.split("/");
  if (parts.length > 1) return parts;
  const plural = /(?:s|x|z|ch|sh)$/.test(spec) ? `${spec}es` : /[^aeiou]y$/.test(spec) ? `${spec.slice(0, -1)}ies` : `${spec}s`;
  return [spec, plural];
}

/** Splits a word list written as text: words or phrases separated by commas or new lines. */
export function listOf(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
}
