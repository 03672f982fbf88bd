import type { Mention } from "#worker/lib/grounding/entities.ts";
import type { Span } from "#worker/lib/grounding/text.ts";

/**
 * A sentence as the frames read it: lower-case words and punctuation marks, each cited figure as
 * `F` and each coin of the brief as `C` (upper case, so no word can be mistaken for a slot), with
 * the facts and coins of those slots in order. Frames are patterns over this one string, so the
 * grammar never sees Markdown, spacing or the raw `{{…}}` ids.
 */
export type Shape = {
  /** Tokens joined by single spaces: `C rose F over the past 24 hours , to F`. */
  text: string;
  /** The fact id of each `F`, in order. */
  facts: string[];
  /** The entity id of each `C`, in order. */
  coins: string[];
  /** A coin outside the brief stands in the sentence (the word check already holds it). */
  other: boolean;
};

type Slot = Span & { kind: "F" | "C" | "O"; id: string };

/**
 * The shape of one sentence of `source`: citations and mentions are given in source positions, and
 * the sentence's own text is cut at the same positions (the masked text the check reads keeps them).
 */
export function shapeOf(source: string, span: Span, cites: readonly (Span & { ref: string })[], mentions: readonly Mention[]): Shape {
  const slots: Slot[] = [
    ...cites.filter((c) => c.start >= span.start && c.start < span.end).map((c) => ({ ...c, kind: "F" as const, id: c.ref })),
    ...mentions
      .filter((m) => m.start >= span.start && m.start < span.end)
      .map((m) => ({ start: m.start, end: m.end, kind: m.inBrief ? ("C" as const) : ("O" as const), id: m.entity })),
  ].sort((a, b) => a.start - b.start);
  let raw = "";
  let at = span.start;
  for (const s of slots) {
    if (s.start < at) continue;
    raw += `${source.slice(at, s.start)} \uE000${s.kind} `;
    at = s.end;
  }
  raw += source.slice(at, span.end);
  const text = raw
    .replace(/^\s*#{1,6}\s+/, "")
    .replace(/^\s*(?:[-•*]|\d+[.)])\s+/, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*|__|`/g, "")
    .replace(/[’‘]/g, "'")
    .toLowerCase()
    .replace(/\uE000([fco])/g, (_, k: string) => `\uE000${k.toUpperCase()}`)
    // "Bitcoin's" is the coin and its possessive; the marks that divide a sentence stand alone.
    .replace(/'s\b/g, " 's")
    .replace(/([,;:()])/g, " $1 ")
    .replace(/[.!?:\s]+$/, "")
    .replace(/[\u2013\u2014]/g, " , ")
    .replace(/\s+-\s+/g, " , ")
    .replace(/\uE000/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const kept = slots.filter((s, i) => i === 0 || s.start >= (slots[i - 1] as Slot).end);
  // "Bitcoin (BTC)": a coin's name and its ticker in brackets are one mention of it.
  let out = text;
  const coins = kept.filter((s) => s.kind === "C").map((s) => s.id);
  const merged: string[] = [];
  let ci = 0;
  // A ticker the mention finder skips (one letter) is still the coin's own ticker in brackets.
  out = out.replace(/C(?: \( C \)| \( [a-z0-9]{1,6} \))?/g, (m) => {
    merged.push(coins[ci] as string);
    ci += /\( C \)/.test(m) ? 2 : 1;
    return "C";
  });
  return {
    text: out,
    facts: kept.filter((s) => s.kind === "F").map((s) => s.id),
    coins: merged,
    other: kept.some((s) => s.kind === "O"),
  };
}
