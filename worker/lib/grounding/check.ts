import { findMentions, type Mention, TRACKED_COINS } from "./entities.ts";
import { ACCEPTS, DOWN, EVENTS, METRIC_WORDS, PERIOD_DIGITS, PERIOD_WORDS, SPELLED, UP } from "./lexicon.ts";
import type { ClaimInput, ClaimReport, Fact, FigureCheck, Metric, Period } from "./types.ts";

/** A citation: `{{bitcoin.price}}`. */
export const CITATION = /\{\{\s*([A-Za-z0-9][\w.:-]*)\s*\}\}/g;

type Span = { start: number; end: number };
type Citation = Span & { ref: string };

/** Clause boundaries: punctuation and the conjunctions that start another claim. */
const CLAUSE_BREAK =
  /[,;:()\u2013\u2014]|\s-\s|\b(?:and|while|whereas|but|though|although|with|versus|compared with|compared to|against)\b/gi;
/** Where a figure's own words stop on its right. */
const RIGHT_STOP = /[,;:()\u2013\u2014.!?]|\b(?:and|while|whereas|but|with|to|from)\b/i;

function spansOf(text: string, re: RegExp): (Span & { text: string })[] {
  // matchAll works on a copy of a global expression, so the shared lists keep no state between calls.
  return [...text.matchAll(re.global ? re : new RegExp(re.source, `${re.flags}g`))].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    text: m[0],
  }));
}

/** Sentences as spans: a full stop, ! or ? before a space, or a line break. */
function sentences(text: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  for (const m of text.matchAll(/[.!?](?=\s|$)|\n/g)) {
    const end = (m.index ?? 0) + 1;
    if (end > start) out.push({ start, end });
    start = end;
  }
  if (start < text.length) out.push({ start, end: text.length });
  return out;
}

function clauses(text: string, sentence: Span): Span[] {
  const out: Span[] = [];
  let start = sentence.start;
  const body = text.slice(sentence.start, sentence.end);
  for (const m of body.matchAll(CLAUSE_BREAK)) {
    const at = sentence.start + (m.index ?? 0);
    out.push({ start, end: at });
    start = at + m[0].length;
  }
  out.push({ start, end: sentence.end });
  return out;
}

const within = (s: Span, at: number) => at >= s.start && at < s.end;

/** The metric words of a stretch of text, each phrase read once (longest lists first). */
function metricsIn(text: string): Metric[] {
  let rest = text;
  const out: Metric[] = [];
  for (const [re, metric] of METRIC_WORDS) {
    rest = rest.replace(re, (m) => {
      out.push(metric);
      return " ".repeat(m.length);
    });
  }
  return out;
}

function nearest(text: string, re: RegExp, from: number, to: number, anchor: number): { at: number; word: string } | null {
  let best: { at: number; word: string } | null = null;
  for (const m of spansOf(text.slice(from, to), re)) {
    const at = from + m.start;
    const d = Math.abs(at - anchor);
    if (!best || d < Math.abs(best.at - anchor)) best = { at, word: m.text };
  }
  return best;
}

function directionNear(text: string, from: number, to: number, anchor: number): { dir: number; word: string } | null {
  const up = nearest(text, UP, from, to, anchor);
  const down = nearest(text, DOWN, from, to, anchor);
  if (!up && !down) return null;
  if (up && (!down || Math.abs(up.at - anchor) < Math.abs(down.at - anchor))) return { dir: 1, word: up.word };
  return { dir: -1, word: (down as { word: string }).word };
}

function periodNear(text: string, from: number, to: number, anchor: number): Period | "other" | null {
  let best: { d: number; p: Period | "other" } | null = null;
  for (const [re, p] of PERIOD_WORDS) {
    const hit = nearest(text, re, from, to, anchor);
    if (hit && (!best || Math.abs(hit.at - anchor) < best.d)) best = { d: Math.abs(hit.at - anchor), p };
  }
  return best?.p ?? null;
}

const PERIOD_TEXT: Record<Period | "other", string> = { "1h": "1 hour", "24h": "24 hours", "7d": "7 days", other: "another period" };
const CHANGE_TEXT: Record<Period, string> = { "1h": "1-hour", "24h": "24-hour", "7d": "7-day" };

/** Replaces each span with spaces, so positions stay where they were. */
function blank(text: string, spans: readonly Span[], fill = " "): string {
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + fill.repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

/**
 * Checks a text whose figures are citations of facts. Returns every problem, one per line, and the
 * per-figure match table. See README.md in this folder for the rules.
 */
export function checkClaims(text: string, input: ClaimInput): ClaimReport {
  const facts = new Map(input.facts.map((f) => [f.id, f]));
  const names = new Map([...input.entities, ...(input.known ?? TRACKED_COINS)].map((e) => [e.id, e.name]));
  const cites: Citation[] = spansOf(text, CITATION).map((s) => ({ start: s.start, end: s.end, ref: s.text.replace(/[{}\s]/g, "") }));
  // Citations become a neutral mark of the same length, so no coin name or digit is read inside one.
  const masked = blank(text, cites, "¤");
  const mentions = findMentions(masked, input.entities, input.known ?? TRACKED_COINS);
  const problems: string[] = [];
  const push = (line: string) => {
    if (!problems.includes(line)) problems.push(line);
  };

  // Figures outside a citation, spelled-out numbers, coins outside the brief, events and speculation.
  const bare = blank(masked, mentions)
    .replace(PERIOD_DIGITS, (m) => " ".repeat(m.length))
    .replace(/^(\s*)\d+[.)](?=\s)/gm, (m) => " ".repeat(m.length));
  for (const m of spansOf(bare, /[+\-−#]?\$?\d[\d,]*(?:\.\d+)?\s?(?:%|[KMBTkmbt]\b|trillion|billion|million|thousand|x\b)?/g)) {
    push(`"${m.text.trim()}": a figure written outside a fact reference`);
  }
  // The brief's own coins are names, not words: "Four" or "Aethir (ATH)" is no number and no record.
  const named = blank(
    masked,
    mentions.filter((m) => m.inBrief),
  );
  const words = named.replace(/\b(?:seven[- ]days?|one[- ]hour|twenty-four[- ]hours?)\b/gi, (m) => " ".repeat(m.length));
  for (const [re, what] of SPELLED) for (const m of spansOf(words, re)) push(`"${m.text}": ${what}, not a fact reference`);
  for (const m of mentions) if (!m.inBrief) push(`"${m.text}": a coin that is not in the brief`);
  for (const [re, what] of EVENTS) for (const m of spansOf(named, re)) push(`"${m.text}": ${what}, which the data does not show`);

  const figures: FigureCheck[] = [];
  const sentenceList = sentences(masked);
  let carried: string | null = null;
  let paragraph = 0;
  sentenceList.forEach((sentence, si) => {
    const inSentence = mentions.filter((m) => within(sentence, m.start));
    const here = cites.filter((c) => within(sentence, c.start));
    // A new paragraph forgets the coin of the last one ("It" does not reach across a blank line).
    const breaks = (masked.slice(0, sentence.start).match(/\n[ \t]*\n/g) ?? []).length;
    if (si > 0 && breaks !== paragraph) carried = null;
    paragraph = breaks;
    const clauseList = clauses(masked, sentence);
    for (const cite of here) {
      figures.push(
        checkFigure(cite, { text: masked, facts, names, sentence, clauseList, inSentence, here, carried, entities: input.entities.length }),
      );
    }
    const first = inSentence[0];
    if (first) carried = first.entity;
  });
  for (const f of figures) for (const p of f.problems) push(`"${f.display ?? `{{${f.ref}}}`}" ({{${f.ref}}}): ${p}`);
  return { ok: problems.length === 0, problems, figures };
}

type Scope = {
  text: string;
  facts: Map<string, Fact>;
  names: Map<string, string>;
  sentence: Span;
  clauseList: Span[];
  inSentence: Mention[];
  here: Citation[];
  carried: string | null;
  entities: number;
};

function checkFigure(cite: Citation, s: Scope): FigureCheck {
  const fact = s.facts.get(cite.ref);
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
  const { text } = s;
  const clause = s.clauseList.find((c) => within(c, cite.start)) ?? s.sentence;
  const prevEnd = Math.max(clause.start, ...s.here.filter((c) => c.end <= cite.start).map((c) => c.end));
  const nextStart = Math.min(clause.end, ...s.here.filter((c) => c.start >= cite.end).map((c) => c.start));
  const stop = RIGHT_STOP.exec(text.slice(cite.end, nextStart));
  const rightEnd = stop ? cite.end + stop.index : nextStart;
  const name = (id: string) => s.names.get(id) ?? id;

  // Subject: the first coin of the clause, else of the sentence, else the coin the text was about.
  const inClause = s.inSentence.filter((m) => within(clause, m.start));
  if (fact.subject) {
    const subject = inClause[0]?.entity ?? s.inSentence[0]?.entity ?? s.carried;
    result.subject = subject;
    if (subject && subject !== fact.subject) result.problems.push(`this is ${fact.label}, but the sentence is about ${name(subject)}`);
    if (!subject && s.entities > 1) result.problems.push(`this is ${fact.label}, but the sentence names no coin`);
  } else {
    // A market-wide figure given to one coin ("Bitcoin's market cap is {{market.cap}}").
    const owner = inClause
      .filter((m) => m.end <= cite.start && cite.start - m.end <= 40 && !s.here.some((c) => c.start > m.end && c.start < cite.start))
      .filter((m) => /^['’]s\b/.test(text.slice(m.end)) || metricsIn(text.slice(m.end, cite.start)).length > 0)
      .pop();
    result.subject = owner?.entity ?? null;
    if (owner) result.problems.push(`this is ${fact.label}, not a figure of ${name(owner.entity)}`);
  }

  // Metric: the words on the figure's left in its clause, else on its right up to the next claim.
  if (fact.metric && fact.metric !== "label") {
    const left = metricsIn(text.slice(prevEnd, cite.start));
    const seen = left.length ? left : metricsIn(text.slice(cite.end, rightEnd));
    result.metricWords = [...new Set(seen)];
    const accepted = ACCEPTS[fact.metric];
    if (seen.length && !seen.some((m) => accepted.includes(m))) {
      result.problems.push(`this is ${fact.label}, but the sentence calls it ${describeMetric(seen[seen.length - 1] as Metric)}`);
    }
  }

  // Period: nearest period words in the clause, else in the sentence.
  if (fact.period) {
    // The sentence's period words count only when no other change in it could own them.
    const others = s.here.some((c) => c !== cite && s.facts.get(c.ref)?.period);
    const period =
      periodNear(text, clause.start, clause.end, cite.start) ??
      (others ? null : periodNear(text, s.sentence.start, s.sentence.end, cite.start));
    result.period = period;
    if (period && period !== fact.period)
      result.problems.push(`this is the ${CHANGE_TEXT[fact.period]} change, but the sentence says ${PERIOD_TEXT[period]}`);
    if (!period && fact.period !== "24h")
      result.problems.push(`this is the ${CHANGE_TEXT[fact.period]} change, written without its period`);
  }

  // Direction: the nearest direction word on either side in the clause, else earlier in the sentence.
  if (fact.signed) {
    const dir =
      directionNear(text, clause.start, rightEnd, cite.start) ??
      directionNear(text, Math.max(s.sentence.start, cite.start - 25), cite.start, cite.start);
    result.direction = dir?.dir ?? 0;
    const sign = Math.sign(fact.value);
    if (dir && sign !== 0 && dir.dir !== sign) {
      result.problems.push(`"${dir.word}" says it ${dir.dir > 0 ? "rose" : "fell"}, but ${fact.label} is ${fact.display}`);
    }
  }
  result.ok = result.problems.length === 0;
  return result;
}

function describeMetric(m: Metric): string {
  const text: Record<Metric, string> = {
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
    label: "a label",
  };
  return text[m];
}

/**
 * The text readers see: each citation replaced by its fact's display text. A change cited after a
 * direction word is written without its sign ("rose 2.31%", not "rose +2.31%").
 */
export function renderClaims(text: string, input: ClaimInput): string {
  const facts = new Map(input.facts.map((f) => [f.id, f]));
  const figures = checkClaims(text, input).figures;
  let i = 0;
  return text.replace(CITATION, (whole) => {
    const figure = figures[i++];
    const fact = figure ? facts.get(figure.ref) : undefined;
    if (!fact) return whole;
    return fact.signed && figure?.direction ? fact.display.replace(/^[+\-−]/, "") : fact.display;
  });
}
