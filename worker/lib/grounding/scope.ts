import type { Mention } from "./entities.ts";
import type { FactIndex } from "./fact-index.ts";
import { type Span, type Word, within } from "./text.ts";
import type { Entity, Fact, GroupWord, Metric, Period } from "./types.ts";
import type { Entry, MetricWord } from "./vocabulary/index.ts";

/** A citation: where `{{id}}` stands, and the id. */
export type Citation = Span & { ref: string };

/** The whole text as the check reads it: one per check. */
export type Reading = {
  /** The text with citations masked (same positions). */
  text: string;
  facts: FactIndex;
  names: Map<string, string>;
  entities: readonly Entity[];
  /** Words already bound to a cited figure: the sentence pass does not bind them again. */
  consumed: Set<number>;
  problem: (line: string) => void;
};

/** One sentence as the check reads it. */
export type Scope = {
  span: Span;
  clauses: Span[];
  words: Word[];
  mentions: Mention[];
  cites: Citation[];
  /** The coin the text was about before this sentence ("It rose" after "Bitcoin led the day."). */
  carried: string | null;
};

export const entryOf = <C extends Entry["cls"]>(w: Word, cls: C) =>
  (w.entry?.cls === cls ? w.entry : undefined) as Extract<Entry, { cls: C }> | undefined;

export const wordsIn = (scope: Scope, span: Span) => scope.words.filter((w) => w.start >= span.start && w.end <= span.end);

export const clauseAt = (scope: Scope, at: number): Span => scope.clauses.find((c) => within(c, at)) ?? scope.span;

export const nameOf = (r: Reading, id: string) => r.names.get(id) ?? id;

/** The coin a claim at a position is about: first of its clause, else of its sentence, else the one before, else the brief's only coin. */
export function subjectAt(r: Reading, scope: Scope, at: number): string | null {
  const clause = clauseAt(scope, at);
  const inClause = scope.mentions.find((m) => within(clause, m.start) && m.inBrief);
  const inSentence = scope.mentions.find((m) => m.inBrief);
  return inClause?.entity ?? inSentence?.entity ?? scope.carried ?? (r.entities.length === 1 ? (r.entities[0]?.id ?? null) : null);
}

/** The coin named in the sentence before a position, if any (not the brief's implicit one). */
export function namedSubjectAt(scope: Scope, at: number): string | null {
  const clause = clauseAt(scope, at);
  return (
    scope.mentions.find((m) => within(clause, m.start) && m.inBrief)?.entity ??
    scope.mentions.find((m) => m.inBrief)?.entity ??
    scope.carried
  );
}

/** The group a sentence speaks of: a group word, or a cited group label ("the {{scope.top100}}"). */
export function groupOf(r: Reading, scope: Scope, span: Span = scope.span): GroupWord | null {
  for (const w of wordsIn(scope, span)) {
    const g = entryOf(w, "group");
    if (g) return g.group;
  }
  for (const c of scope.cites) {
    const f = r.facts.byId.get(c.ref);
    if (f?.group && f.kind === "label" && within(span, c.start)) return f.group;
  }
  return null;
}

/** The metric words in a stretch, in order. */
export function metricsIn(scope: Scope, span: Span): MetricWord[] {
  return wordsIn(scope, span)
    .map((w) => entryOf(w, "metric")?.metric)
    .filter((m): m is MetricWord => m !== undefined);
}

/** The period the words of a stretch give, nearest to a position first. */
export function periodIn(scope: Scope, span: Span, anchor: number): Period | "other" | null {
  let best: { d: number; p: Period | "other" } | null = null;
  for (const w of wordsIn(scope, span)) {
    const p = entryOf(w, "period");
    if (!p) continue;
    const d = Math.abs(w.start - anchor);
    if (!best || d < best.d) best = { d, p: p.period };
  }
  return best?.p ?? null;
}

/** The metric a claim word is about: the metric words of its clause, nearest on the left first. */
export function metricFor(scope: Scope, at: number): MetricWord | null {
  const clause = clauseAt(scope, at);
  const left = wordsIn(scope, { start: clause.start, end: at })
    .map((w) => entryOf(w, "metric")?.metric)
    .filter((m): m is MetricWord => m !== undefined);
  if (left.length) return left[left.length - 1] ?? null;
  const sentence = metricsIn(scope, scope.span);
  return sentence[0] ?? null;
}

export const PERIOD_TEXT: Record<Period | "other", string> = {
  "1h": "1 hour",
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
  "1y": "a year",
  other: "another period",
};
export const CHANGE_TEXT: Record<Period, string> = { "1h": "1-hour", "24h": "24-hour", "7d": "7-day", "30d": "30-day", "1y": "1-year" };

/** A percentage move's size bands: what "slipped", "sharp" or "crashed" may describe. */
export const MOVE = { flatBelow: 0.5, smallBelow: 3, largeFrom: 3, extremeFrom: 10 } as const;

/** Whether a fact is a percentage move (the only figures the size words are measured on). */
export const isPercentMove = (f: Fact) => f.kind === "percent" && f.signed === true;

export function describeMetric(m: MetricWord): string {
  const text: Record<MetricWord, string> = {
    price: "a price",
    change: "a change",
    marketCap: "a market cap",
    volume: "a trading volume",
    rank: "a rank",
    altRank: "an AltRank",
    galaxyScore: "a Galaxy Score",
    galaxyChange: "a Galaxy Score change",
    sentiment: "a sentiment reading",
    dominance: "a share",
    socialVolume: "a count of posts",
    interactions: "a count of interactions",
    count: "a count of coins",
    circulatingSupply: "the circulating supply",
    totalSupply: "the total supply",
    maxSupply: "the maximum supply",
    supplyShare: "the share in circulation",
    supply: "a supply",
    relative: "a comparison",
    position: "a place in a list",
    range: "a price range",
    label: "a label",
  };
  return text[m];
}

/** Which metric words fit a figure of each metric. */
export const ACCEPTS: Record<Metric, readonly MetricWord[]> = {
  price: ["price"],
  change: ["price", "change", "marketCap"],
  marketCap: ["marketCap"],
  volume: ["volume"],
  rank: ["rank", "marketCap"],
  altRank: ["altRank", "rank"],
  galaxyScore: ["galaxyScore", "change"],
  galaxyChange: ["galaxyScore", "change"],
  sentiment: ["sentiment", "socialVolume", "dominance"],
  dominance: ["dominance", "socialVolume", "marketCap"],
  socialVolume: ["socialVolume"],
  interactions: ["interactions"],
  count: ["count", "rank"],
  circulatingSupply: ["circulatingSupply", "supply", "count"],
  totalSupply: ["totalSupply", "supply", "count"],
  maxSupply: ["maxSupply", "supply", "count"],
  supplyShare: ["circulatingSupply", "maxSupply", "supply", "dominance"],
  relative: [],
  position: [],
  range: [],
  label: [],
};
