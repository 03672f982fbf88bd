import { pairDirection } from "./fact-index.ts";
import {
  ACCEPTS,
  CHANGE_TEXT,
  type Citation,
  clauseAt,
  describeMetric,
  entryOf,
  groupOf,
  isPercentMove,
  MOVE,
  metricsIn,
  nameOf,
  PERIOD_TEXT,
  periodIn,
  type Reading,
  type Scope,
  wordsIn,
} from "./scope.ts";
import { type Span, type Word, within } from "./text.ts";
import type { Fact, FigureCheck, GroupWord, Metric } from "./types.ts";
import type { Strength } from "./vocabulary/index.ts";

const GROUP_TEXT: Record<GroupWord, string> = {
  market: "the market",
  tracked: "the whole market",
  top100: "the top 100",
  band: "the band",
};
const STAT_TEXT = { sum: "a total", mean: "an average", median: "a median", count: "a count", share: "a share" } as const;
/** Facts whose wording the metric check does not read: fixed texts, comparisons, places in lists and ranges. */
const UNREAD: readonly Metric[] = ["label", "relative", "position", "range"];

/** Where a figure's own words stop on its right: punctuation or a conjunction that starts another claim. */
const RIGHT_STOP = /[,;:()\u2013\u2014.!?]|\b(?:and|while|whereas|but|with|to|from)\b/i;

/** Whether a direction word of this strength can describe a move of this size. */
export function strengthProblem(word: string, strength: Strength, fact: Fact): string | null {
  if (!isPercentMove(fact)) return null;
  const size = Math.abs(fact.value);
  if (strength === "mild" && size >= MOVE.smallBelow) return `"${word}" describes a small move, but ${fact.label} is ${fact.display}`;
  if (strength === "strong" && size < MOVE.largeFrom) return `"${word}" describes a large move, but ${fact.label} is ${fact.display}`;
  if (strength === "extreme" && size < MOVE.extremeFrom) return `"${word}" describes an extreme move, but ${fact.label} is ${fact.display}`;
  return null;
}

/** The nearest direction or flat word to a citation within a stretch that no other figure has taken. */
function directionNear(r: Reading, scope: Scope, from: number, to: number, anchor: number): Word | null {
  let best: Word | null = null;
  for (const w of wordsIn(scope, { start: from, end: to })) {
    if ((w.entry?.cls !== "direction" && w.entry?.cls !== "flat") || r.consumed.has(w.start)) continue;
    if (!best || Math.abs(w.start - anchor) < Math.abs(best.start - anchor)) best = w;
  }
  return best;
}

/**
 * Checks one cited figure against the words around it: its coin, what it measures, its period, its
 * direction and the size that direction claims, and for an aggregate its group and statistic.
 */
export function checkFigure(cite: Citation, r: Reading, scope: Scope): FigureCheck {
  const fact = r.facts.byId.get(cite.ref);
  const result: FigureCheck = {
    ref: cite.ref,
    display: fact?.display ?? null,
    label: fact?.label ?? null,
    subject: null,
    metricWords: [],
    period: null,
    direction: 0,
    ok: true,
    problems: [],
  };
  if (!fact) {
    result.ok = false;
    result.problems.push("cites no fact of this brief");
    return result;
  }
  const problems = result.problems;
  const clause = clauseAt(scope, cite.start);
  // A cited label ("the {{scope.top100}} coins") is part of the words around a figure, not another claim.
  const figures = scope.cites.filter((c) => r.facts.byId.get(c.ref)?.kind !== "label");
  const prevEnd = Math.max(clause.start, ...figures.filter((c) => c.end <= cite.start).map((c) => c.end));
  const nextStart = Math.min(clause.end, ...figures.filter((c) => c.start >= cite.end).map((c) => c.start));
  const stop = RIGHT_STOP.exec(r.text.slice(cite.end, nextStart));
  const rightEnd = stop ? cite.end + stop.index : nextStart;
  const left: Span = { start: prevEnd, end: cite.start };

  // Subject: the first coin of the clause, else of the sentence, else the coin the text was about.
  const inClause = scope.mentions.filter((m) => within(clause, m.start) && m.inBrief);
  const named = inClause[0]?.entity ?? scope.mentions.find((m) => m.inBrief)?.entity ?? scope.carried;
  const groupWords = groupOf(r, scope, { start: scope.span.start, end: cite.start });
  if (fact.subject) {
    result.subject = named;
    if (named && named !== fact.subject) problems.push(`this is ${fact.label}, but the sentence is about ${nameOf(r, named)}`);
    if (!named && groupWords && fact.kind !== "label" && !fact.group)
      problems.push(`this is ${fact.label}, but the sentence is about ${GROUP_TEXT[groupWords]}`);
    if (!named && !groupWords && r.entities.length > 1) problems.push(`this is ${fact.label}, but the sentence names no coin`);
  } else {
    // A market-wide figure given to one coin ("Bitcoin's market cap is {{market.cap}}").
    const owner = inClause
      .filter((m) => m.end <= cite.start && cite.start - m.end <= 40 && !scope.cites.some((c) => c.start > m.end && c.start < cite.start))
      .filter((m) => /^['’]s\b/.test(r.text.slice(m.end)) || metricsIn(scope, { start: m.end, end: cite.start }).length > 0)
      .pop();
    result.subject = owner?.entity ?? null;
    if (owner) problems.push(`this is ${fact.label}, not a figure of ${nameOf(r, owner.entity)}`);
  }

  // Group and statistic: an aggregate must be called what it is, of the group it is of.
  const sentenceGroup = groupOf(r, scope, clause) ?? groupOf(r, scope);
  const compatible = sentenceGroup === fact.group || (sentenceGroup === "market" && fact.group !== "band");
  if (fact.group && fact.kind !== "label" && sentenceGroup && !compatible) {
    problems.push(`this is ${fact.label}, but the sentence says it is of ${GROUP_TEXT[sentenceGroup]}`);
  }
  // Each statistic word belongs to the figure it stands before ("a combined {{cap}}"), else the one it follows.
  const owner = (at: number) =>
    figures.filter((c) => c.start > at && c.start < clause.end)[0] ?? figures.filter((c) => c.end <= at && c.end > clause.start).pop();
  const stats = wordsIn(scope, clause).filter((w) => w.entry?.cls === "stat" && owner(w.start) === cite);
  for (const w of stats) {
    const stat = entryOf(w, "stat")?.stat;
    if (!stat) continue;
    r.consumed.add(w.start);
    // "Share of the total market value": a share's denominator may be called a total.
    const fits = fact.stat === stat || (fact.stat === "share" && stat === "sum") || (fact.metric === "dominance" && stat === "sum");
    if (!fits && fact.kind !== "label") {
      problems.push(`this is ${fact.label}, but the sentence calls it ${STAT_TEXT[stat]} ("${w.text}")`);
    }
  }

  // Metric: the words on the figure's left in its clause, else on its right up to the next claim.
  if (fact.metric && !UNREAD.includes(fact.metric)) {
    const onLeft = metricsIn(scope, left);
    const onRight = onLeft.length ? [] : metricsIn(scope, { start: cite.end, end: rightEnd });
    // "Circulating supply: {{x}}": a label before a colon names the figure after it.
    const before = wordsIn(scope, { start: scope.span.start, end: cite.start })
      .filter((w) => w.entry?.cls === "metric")
      .pop();
    const isLabel = before !== undefined && /^[\s*_]*:[\s*_]*$/.test(r.text.slice(before.end, cite.start));
    const label = onLeft.length || onRight.length || !isLabel ? [] : metricsIn(scope, before);
    // "…of the maximum supply, or {{x}}": a bare figure restates the measure of the clause before it.
    const prior = scope.clauses.filter((c) => c.end <= clause.start).pop();
    const restates = /^\s*(?:or|that is|i\.e\.)\s/i.test(r.text.slice(clause.start, cite.start));
    const restated = onLeft.length || onRight.length || label.length || !prior || !restates ? [] : metricsIn(scope, prior).slice(-1);
    const words = [...onLeft, ...onRight, ...label, ...restated];
    // "Supply" alone fits any supply figure, but not once the sentence says which one ("capped at", "circulating").
    const seen = words.some((m) => m !== "supply" && m.endsWith("Supply")) ? words.filter((m) => m !== "supply") : words;
    result.metricWords = [...new Set(seen)];
    const accepted = ACCEPTS[fact.metric];
    if (seen.length && !seen.some((m) => accepted.includes(m))) {
      problems.push(`this is ${fact.label}, but the sentence calls it ${describeMetric(seen[seen.length - 1] ?? "label")}`);
    }
  }

  // Period: nearest period words in the clause, else in the sentence.
  if (fact.period && !fact.versus) {
    const others = scope.cites.some((c) => c !== cite && r.facts.byId.get(c.ref)?.period);
    const period = periodIn(scope, clause, cite.start) ?? (others ? null : periodIn(scope, scope.span, cite.start));
    result.period = period;
    if (period && period !== fact.period)
      problems.push(`this is the ${CHANGE_TEXT[fact.period]} change, but the sentence says ${PERIOD_TEXT[period]}`);
    if (!period && fact.period !== "24h") problems.push(`this is the ${CHANGE_TEXT[fact.period]} change, written without its period`);
  }

  // Direction: the nearest direction word on either side in the clause, else just before it in the sentence.
  const pair = pairOf(fact, r, scope);
  if (fact.signed || fact.sense || pair) {
    const word =
      directionNear(r, scope, prevEnd, rightEnd, cite.start) ??
      directionNear(r, scope, Math.max(scope.span.start, cite.start - 25), cite.start, cite.start);
    if (word) {
      r.consumed.add(word.start);
      const value = pair ? pairDirection(pair.prior, pair.current) : fact.sense ? fact.sense : Math.sign(fact.value);
      const about = pair
        ? `${pair.current.label} went from ${pair.prior.display} to ${pair.current.display}`
        : `${fact.label} is ${fact.display}`;
      const flat = word.entry?.cls === "flat";
      const d = entryOf(word, "direction");
      result.direction = d?.dir ?? 0;
      if (d && value !== 0 && d.dir !== value) {
        problems.push(`"${word.text}" says it ${d.dir > 0 ? "rose" : "fell"}, but ${about}`);
      } else if (d && !pair && fact.signed) {
        const size = strengthProblem(word.text, d.strength, fact);
        if (size) problems.push(size);
      }
      if (flat && fact.signed && Math.abs(fact.value) >= MOVE.flatBelow) {
        problems.push(`"${word.text}" says it barely moved, but ${fact.label} is ${fact.display}`);
      }
    }
  }
  result.ok = problems.length === 0;
  return result;
}

/**
 * A "from A to B" claim: the cited figure and the day-earlier figure of the same coin and measure
 * cited beside it, so "rose from {{prev}} to {{now}}" is read from the two figures.
 */
function pairOf(fact: Fact, r: Reading, scope: Scope): { prior: Fact; current: Fact } | null {
  const other = scope.cites
    .map((c) => r.facts.byId.get(c.ref))
    .find((f) => f && f !== fact && f.subject === fact.subject && f.metric === fact.metric && Boolean(f.prior) !== Boolean(fact.prior));
  if (!other) return null;
  return fact.prior ? { prior: fact, current: other } : { prior: other, current: fact };
}
