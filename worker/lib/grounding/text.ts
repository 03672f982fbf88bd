import { type Entry, lookup, MAX_PHRASE } from "./vocabulary/index.ts";

/** A stretch of the text, by position. */
export type Span = { start: number; end: number };

/** A word or phrase of the text with what the vocabulary knows of it (undefined: not recognised). */
export type Word = Span & { text: string; key: string; entry: Entry | undefined };

export function spansOf(text: string, re: RegExp): (Span & { text: string })[] {
  // matchAll works on a copy of a global expression, so the shared lists keep no state between calls.
  return [...text.matchAll(re.global ? re : new RegExp(re.source, `${re.flags}g`))].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    text: m[0],
  }));
}

/** Replaces each span with a fill character, so positions stay where they were. */
export function blank(text: string, spans: readonly Span[], fill = " "): string {
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + fill.repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

export const within = (s: Span, at: number) => at >= s.start && at < s.end;

/** Sentences as spans: a full stop, ! or ? before a space, or a line break. */
export function sentences(text: string): Span[] {
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

/** Clause boundaries: punctuation and the conjunctions that start another claim. */
const CLAUSE_BREAK =
  /[,;:()\u2013\u2014]|\s-\s|\b(?:and|while|whereas|when|yet|as(?!\s+(?:of|well|such|a whole|always|usual|expected)\b)|but|though|although|with|versus|compared with|compared to|against)\b/gi;

export function clauses(text: string, sentence: Span): Span[] {
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

/** Word tokens: letters and digits, inner apostrophes and hyphens ("day's", "24-hour", "sell-off"). */
const TOKEN = /[A-Za-z0-9]+(?:['’][A-Za-z]+)*(?:-[A-Za-z0-9]+(?:['’][A-Za-z]+)*)*/g;

/** "market's" is read as "market"; "day's" stays a word of its own when the vocabulary has it. */
function keyOf(token: string): string {
  const lower = token.toLowerCase().replace(/’/g, "'");
  if (lookup(lower)) return lower;
  return lower.replace(/'s$|s'$/, (m) => (m === "s'" ? "s" : ""));
}

/**
 * The words of a text (citations and coin names already blanked), longest known phrase first.
 * Single letters are skipped (the "s" of a possessive whose coin was blanked), and so are tokens
 * with digits the vocabulary does not know (the figure check reports those).
 */
export function readWords(text: string): Word[] {
  const tokens = spansOf(text, TOKEN).filter((t) => t.text.length > 1 || /^[aAI0-9]$/.test(t.text));
  const out: Word[] = [];
  for (let i = 0; i < tokens.length; ) {
    let taken = 0;
    for (let n = Math.min(MAX_PHRASE, tokens.length - i); n >= 2 && !taken; n--) {
      const run = tokens.slice(i, i + n);
      // A phrase runs over plain spaces only: a citation or a comma between two words ends it.
      if (run.some((t, k) => k > 0 && !/^\s+$/.test(text.slice((run[k - 1] as Span).end, t.start)))) continue;
      const key = run.map((t) => keyOf(t.text)).join(" ");
      const entry = lookup(key);
      if (entry) {
        const first = run[0] as Span;
        const last = run[n - 1] as Span;
        out.push({ start: first.start, end: last.end, text: text.slice(first.start, last.end), key, entry });
        taken = n;
      }
    }
    if (taken) {
      i += taken;
      continue;
    }
    const t = tokens[i] as Span & { text: string };
    i++;
    const key = keyOf(t.text);
    let entry = lookup(key);
    // A hyphenated word the vocabulary lacks is known when every part is plain ("crypto-market").
    if (!entry && key.includes("-")) {
      const parts = key.split("-").map((p) => lookup(p));
      if (parts.every((p) => p?.cls === "plain")) entry = { cls: "plain" };
    }
    if (!entry && /\d/.test(key)) continue;
    out.push({ start: t.start, end: t.end, text: t.text, key, entry });
  }
  return out;
}
