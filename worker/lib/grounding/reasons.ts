import type { Mention } from "./entities.ts";
import type { Citation } from "./scope.ts";
import { type Span, within } from "./text.ts";
import type { Reason } from "./types.ts";

/** How long a quoted sentence may be before it is shortened: a reason stays one readable line. */
const QUOTE_MAX = 220;

/**
 * "an event the data does not show" is already a complete verdict: appending the same clause again
 * gave "…which the data does not show, which the data does not show" on the desk.
 */
export function unshown(what: string): string {
  return /\bthe data does not show\b/.test(what) ? what : `${what}, which the data does not show`;
}

/** A problem found while reading, at a position of the text (its sentence is found from it). */
export type Found = { at: number; text: string };

export type SentenceInfo = { span: Span; carried: string | null };

/**
 * The sentence as a reader sees it: each citation written as its fact's display text (an unknown
 * one as "[unknown figure]", never its raw id), Markdown marks dropped, shortened when long.
 */
function quote(source: string, span: Span, cites: readonly Citation[], shown: ReadonlyMap<number, string>): string {
  let out = "";
  let at = span.start;
  for (const c of cites.filter((x) => within(span, x.start))) {
    out += source.slice(at, c.start) + (shown.get(c.start) ?? "[unknown figure]");
    at = c.end;
  }
  out += source.slice(at, span.end);
  const plain = out
    .replace(/\*\*|__|`/g, "")
    .replace(/^\s*(?:#+|[-*]|\d+[.)])\s+/, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > QUOTE_MAX ? `${plain.slice(0, QUOTE_MAX - 1).trimEnd()}…` : plain;
}

type Context = {
  source: string;
  sentences: readonly SentenceInfo[];
  cites: readonly Citation[];
  /** Each citation's text as readers see it, by where it starts. */
  shown: ReadonlyMap<number, string>;
  mentions: readonly Mention[];
  names: ReadonlyMap<string, string>;
  /** The brief's one coin, for a sentence that names none and follows none. */
  only: string | null;
};

const sentenceOf = (ctx: Context, at: number) => ctx.sentences.find((x) => within(x.span, at)) ?? ctx.sentences[ctx.sentences.length - 1];

/** The sentence around a position, as a reader sees it ("" for an empty text). */
export function sentenceAt(ctx: Context, at: number): string {
  const s = sentenceOf(ctx, at);
  return s ? quote(ctx.source, s.span, ctx.cites, ctx.shown) : "";
}

/**
 * Each problem tied to the sentence it comes from and the coins of that sentence (the ones it
 * names, else the one the check read it as being about). One line per distinct problem of a
 * sentence; the same words in two sentences are two reasons.
 */
export function reasonsOf(found: readonly Found[], ctx: Context): Reason[] {
  const out: (Reason & { at: number })[] = [];
  const seen = new Set<string>();
  for (const f of found) {
    const s = sentenceOf(ctx, f.at);
    if (!s) continue;
    const key = `${s.span.start}\u0000${f.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const named = [...new Set(ctx.mentions.filter((m) => within(s.span, m.start)).map((m) => m.entity))];
    const ids = named.length ? named : [s.carried ?? ctx.only].filter((x): x is string => x !== null);
    out.push({
      at: s.span.start,
      sentence: quote(ctx.source, s.span, ctx.cites, ctx.shown),
      coins: ids.map((id) => ctx.names.get(id) ?? id),
      problem: f.text,
    });
  }
  // In the order of the text, so the desk reads a held draft from its first sentence down.
  return out.sort((a, b) => a.at - b.at).map(({ at: _, ...reason }) => reason);
}

/** One reason as a line: the sentence, its coins, then what is wrong with it. */
export function reasonLine(r: Reason): string {
  const coins = r.coins.length ? ` (${r.coins.join(", ")})` : "";
  return `In "${r.sentence}"${coins}: ${r.problem}`;
}
