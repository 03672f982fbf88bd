import { checkSentence } from "./bind.ts";
import { findMentions, type Mention, TRACKED_COINS } from "./entities.ts";
import { FactIndex } from "./fact-index.ts";
import { checkFigure } from "./figure.ts";
import { isHedge } from "./hedges.ts";
import { EVENTS, PERIOD_DIGITS, SPELLED } from "./lexicon.ts";
import { frameForm, pairForm } from "./readings/forms.ts";
import { readSentence } from "./readings/read.ts";
import { type Found, reasonLine, reasonsOf, type SentenceInfo, sentenceAt, unshown } from "./reasons.ts";
import type { Citation, Reading, Scope } from "./scope.ts";
import { blank, clauses, readWords, type Span, sentences, spansOf, type Word, within } from "./text.ts";
import type { ClaimInput, ClaimReport, Fact, FigureCheck, SentenceReading } from "./types.ts";

/** A citation: `{{bitcoin.price}}`. */
export const CITATION = /\{\{\s*([A-Za-z0-9][\w.:-]*)\s*\}\}/g;

const NEGATION = /\b(?:not|no|never|without|cannot|can't|doesn't|don't|didn't|isn't|aren't|wasn't|weren't)\b/i;

/** What an unrecognised word most likely is, from where it stands: the held reason names it. */
function roleOf(w: Word, words: readonly Word[], i: number, text: string): string {
  const next = words[i + 1]?.key;
  const prev = words.slice(Math.max(0, i - 2), i).map((x) => x.key);
  const gapRight = text.slice(w.end, w.end + 6);
  const gapLeft = text.slice(Math.max(0, w.start - 6), w.start);
  if (next === "than") return "comparative";
  if (/\w{3}est$/.test(w.key)) return "superlative";
  if (prev.some((k) => /^(?:over|past|last|this|since|during|within|across)$/.test(k)) && !/(?:ed|ing)$/.test(w.key))
    return "period phrase";
  if (
    /(?:ed|s|ing)$/.test(w.key) &&
    (/¤/.test(gapRight) || /¤|[A-Z]\w*\s*$/.test(gapLeft) || /^\s+\S*¤/.test(text.slice(w.end, w.end + 12)))
  ) {
    return "direction word";
  }
  if (
    prev.some((k) =>
      /^(?:turned|turn|looks|looked|seems|seemed|appears|appeared|feels|felt|became|remains|remained|is|was|were|are)$/.test(k),
    )
  ) {
    return "evaluation word";
  }
  return "word";
}

/** A figure's problem, naming the figure as readers see it and what it is (its label), never its raw id. */
function figureLine(fact: Fact | undefined, problem: string): string {
  if (!fact) return "A figure reference that cites no fact of this brief";
  return problem.includes(fact.label) ? `"${fact.display}": ${problem}` : `"${fact.display}" (${fact.label}): ${problem}`;
}

/**
 * Checks a text whose figures are citations of facts, in a closed world: every word must be one the
 * check knows, every claim word must agree with the fact it cites or speaks of, and anything it
 * does not recognise holds the text with its reason. See README.md in this folder for the rules.
 */
export function checkClaims(text: string, input: ClaimInput): ClaimReport {
  return inspect(text, input).report;
}

/** A held sentence for a repair request: as readers see it, why it is held, and the frame forms of the facts it cites. */
export type HeldSentence = { sentence: string; why: string[]; forms: string[] };

/**
 * The held sentences of a text, each with the canonical frame sentence of every fact it cites
 * (`readings/forms.ts`): what a repair request quotes, so a writer can rewrite the sentence in a
 * form the check reads, keeping its citations, or drop it when it cites nothing.
 */
export function heldSentences(text: string, input: ClaimInput): HeldSentence[] {
  const { report, cited } = inspect(text, input);
  const names = new Map(input.entities.map((e) => [e.id, e.name]));
  const byId = new Map(input.facts.map((f) => [f.id, f]));
  const labels = new Map(input.facts.filter((f) => f.kind === "label" && f.group).map((f) => [f.group as string, f.id]));
  return report.readings.flatMap((r, i) => {
    if (r.verdict !== "held") return [];
    const facts = (cited[i] ?? []).map((id) => byId.get(id)).filter((f) => f !== undefined);
    // A day-earlier figure cited beside today's is one "from A to B" sentence; every other fact gets its own.
    const paired = new Set<string>();
    const forms: string[] = [];
    for (const f of facts) {
      if (paired.has(f.id)) continue;
      const other = facts.find((g) => g !== f && g.subject === f.subject && g.metric === f.metric && Boolean(g.prior) !== Boolean(f.prior));
      const pair = other ? pairForm(f.prior ? f : other, f.prior ? other : f, names) : null;
      if (pair && other) {
        paired.add(other.id);
        forms.push(pair);
        continue;
      }
      const form = frameForm(f, names, labels);
      if (form) forms.push(form);
    }
    return [{ sentence: r.sentence, why: r.problems, forms: [...new Set(forms)] }];
  });
}

function inspect(text: string, input: ClaimInput): { report: ClaimReport; cited: string[][] } {
  const known = input.known ?? TRACKED_COINS;
  const names = new Map([...input.entities, ...known].map((e) => [e.id, e.name]));
  const cites: Citation[] = spansOf(text, CITATION).map((s) => ({ start: s.start, end: s.end, ref: s.text.replace(/[{}\s]/g, "") }));
  // Citations become a neutral mark of the same length, so no coin name or digit is read inside one.
  const masked = blank(text, cites, "¤");
  const mentions = findMentions(masked, input.entities, known);
  // Every problem keeps where it was found, so its reason can name its sentence and that sentence's coin.
  const found: Found[] = [];
  const problem = (line: string, at: number) => found.push({ at, text: line });
  // A coin's own name never ends a sentence or a clause ("Ondo Short-Term U.S. Government Bond Fund", "POL (ex-MATIC)").
  const structure = blank(masked, mentions, "x");
  const sentenceList = sentences(structure);
  const hedges = sentenceList.filter((s) => isHedge(masked.slice(s.start, s.end)));
  const inHedge = (at: number) => hedges.some((s) => within(s, at));

  // Figures outside a citation, spelled-out numbers, coins outside the brief, events and speculation.
  const bare = blank(masked, mentions)
    .replace(PERIOD_DIGITS, (m) => " ".repeat(m.length))
    .replace(/^(\s*)\d+[.)](?=\s)/gm, (m) => " ".repeat(m.length));
  for (const m of spansOf(bare, /[+\-−#]?\$?\d[\d,]*(?:\.\d+)?\s?(?:%|[KMBTkmbt]\b|trillion|billion|million|thousand|x\b)?/g)) {
    problem(`"${m.text.trim()}": a figure written outside a fact reference`, m.start);
  }
  // The brief's own coins are names, not words: "Four" or "Aethir (ATH)" is no number and no record.
  const named = blank(
    masked,
    mentions.filter((m) => m.inBrief),
  );
  const flagged: Span[] = [];
  const words = named.replace(/\b(?:seven[- ]days?|one[- ]hour|twenty-four[- ]hours?)\b/gi, (m) => " ".repeat(m.length));
  for (const [re, what] of SPELLED) {
    for (const m of spansOf(words, re)) {
      flagged.push(m);
      problem(`"${m.text}": ${what}, not a fact reference`, m.start);
    }
  }
  for (const m of mentions) if (!m.inBrief) problem(`"${m.text}": a coin that is not in the brief`, m.start);
  for (const [re, what] of EVENTS) {
    for (const m of spansOf(named, re)) {
      if (inHedge(m.start)) continue;
      flagged.push(m);
      problem(`"${m.text}": ${unshown(what)}`, m.start);
    }
  }

  // The closed world: every word is known, and words the data can never back are held by name.
  const all = readWords(blank(named, mentions));
  const rangeSentences = sentenceList.filter((s) =>
    cites.some((c) => within(s, c.start) && input.facts.some((f) => f.id === c.ref && f.metric === "range")),
  );
  const unknownOrHeld = (w: Word, i: number): string | null => {
    if (inHedge(w.start) || flagged.some((f) => w.start < f.end && f.start < w.end)) return null;
    if (!w.entry) return `unrecognised ${roleOf(w, all, i, masked)} "${w.text}"`;
    if (w.entry.cls !== "held") return null;
    const sentence = sentenceList.find((s) => within(s, w.start));
    const clause = sentence ? clauses(structure, sentence).find((c) => within(c, w.start)) : undefined;
    // "The data does not say what drove the move" denies a cause; "would stay inside {{range}}" is the labelled range.
    if (w.entry.reason === "a cause" && clause && NEGATION.test(masked.slice(clause.start, clause.end))) return null;
    if (w.key === "would" && rangeSentences.some((s) => within(s, w.start))) return null;
    return `"${w.text}": ${unshown(w.entry.reason)}`;
  };
  all.forEach((w, i) => {
    const line = unknownOrHeld(w, i);
    if (line) problem(line, w.start);
  });

  const bound: Found[] = [];
  let current: Span = { start: 0, end: 0 };
  const reading: Reading = {
    text: masked,
    facts: new FactIndex(input.facts),
    names,
    entities: input.entities,
    consumed: new Set(),
    problem: (line) => bound.push({ at: current.start, text: line }),
  };
  const figures: FigureCheck[] = [];
  const figureFound: Found[] = [];
  const read: SentenceInfo[] = [];
  const readable = all.filter((w) => w.entry && w.entry.cls !== "held");
  let carried: string | null = null;
  let paragraph = 0;
  // The readings: each sentence's frames and claims, with the coin "it" refers to carried along.
  const only = input.entities.length === 1 ? (input.entities[0]?.id ?? null) : null;
  const readingCtx = { source: text, cites, mentions, facts: reading.facts, names };
  const readList: (ReturnType<typeof readSentence> & { carried: string | null })[] = [];
  let said: string | null = null;
  sentenceList.forEach((span, si) => {
    // A new paragraph forgets the coin of the last one ("It" does not reach across a blank line).
    const breaks = (masked.slice(0, span.start).match(/\n[ \t]*\n/g) ?? []).length;
    if (si > 0 && breaks !== paragraph) {
      carried = null;
      said = null;
    }
    paragraph = breaks;
    const sentenceReading = readSentence(readingCtx, span, said, only);
    said = sentenceReading.subject;
    readList.push({ ...sentenceReading, carried });
    const inSentence: Mention[] = mentions.filter((m) => within(span, m.start));
    const scope: Scope = {
      span,
      clauses: clauses(structure, span),
      words: readable.filter((w) => within(span, w.start)),
      mentions: inSentence,
      cites: cites.filter((c) => within(span, c.start)),
      carried,
    };
    current = span;
    read.push({ span, carried });
    for (const cite of scope.cites) {
      const figure = checkFigure(cite, reading, scope);
      figures.push(figure);
      for (const p of figure.problems) figureFound.push({ at: cite.start, text: figureLine(reading.facts.byId.get(cite.ref), p) });
    }
    if (!hedges.includes(span)) checkSentence(reading, scope);
    const first = inSentence[0];
    if (first) carried = first.entity;
  });
  // The text's own problems first, then each cited figure's, then the bound claim words'.
  // Quoted sentences show each figure as readers would: a change after a direction word without its sign.
  const shown = new Map(
    figures.map((f, i) => {
      const fact = reading.facts.byId.get(f.ref);
      const display = fact ? (fact.signed && f.direction ? fact.display.replace(/^[+\-−]/, "") : fact.display) : "[unknown figure]";
      return [cites[i]?.start ?? -1, display] as const;
    }),
  );
  const context = {
    source: text,
    shown,
    sentences: read,
    cites,
    mentions,
    names,
    only: input.entities.length === 1 ? (input.entities[0]?.id ?? null) : null,
  };
  // "No reading" is said only of a sentence nothing else holds: a sentence held for a word or a figure already names its fault.
  const others = [...found, ...figureFound, ...bound];
  const readingFound: Found[] = readList.flatMap((r) =>
    r.problems
      .filter((p) => !p.startsWith("no reading") || !others.some((o) => within(r.span, o.at)))
      .map((p) => ({ at: r.span.start, text: p })),
  );
  const reasons = reasonsOf([...others, ...readingFound], context);
  // The per-figure table names each figure's sentence as well.
  figures.forEach((f, i) => {
    f.sentence = sentenceAt(context, cites[i]?.start ?? 0);
  });
  const readings: SentenceReading[] = readList
    .filter((r) => r.frame !== "empty")
    .map((r) => {
      const sentence = sentenceAt(context, r.span.start);
      const own = reasons.filter((x) => x.sentence === sentence);
      const named = [...new Set(mentions.filter((m) => within(r.span, m.start) && m.inBrief).map((m) => m.entity))];
      const ids = named.length ? named : [r.carried ?? only].filter((x): x is string => x !== null);
      return {
        sentence,
        coins: ids.map((id) => names.get(id) ?? id),
        frame: r.frame,
        claims: r.claims,
        verdict: own.length ? "held" : "ok",
        problems: own.map((x) => x.problem),
      };
    });
  const cited = readList.filter((r) => r.frame !== "empty").map((r) => cites.filter((c) => within(r.span, c.start)).map((c) => c.ref));
  return { report: { ok: reasons.length === 0, problems: reasons.map(reasonLine), reasons, figures, readings }, cited };
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
