import type { Mention } from "#worker/lib/grounding/entities.ts";
import type { FactIndex } from "#worker/lib/grounding/fact-index.ts";
import type { Span } from "#worker/lib/grounding/text.ts";
import type { Claim, Group } from "#worker/lib/grounding/types.ts";
import { CONNECTIVES, fixedFrame, TITLE_LABELS } from "./fixed.ts";
import { FRAMES, type Frame } from "./frames.ts";
import { type Shape, shapeOf } from "./shape.ts";
import { type Clause, groupOfFacts, verifyClause } from "./verify.ts";

/** The marks and words a sentence is cut at into clauses; a frame may still span one ("F posts and F interactions"). */
const JOINERS = new Set([
  ",",
  ";",
  ":",
  "and",
  "while",
  "whereas",
  "when",
  "yet",
  "however",
  "but",
  "though",
  "although",
  "as",
  "so",
  "with",
  "after",
  "against",
  "or",
]);
/** Longest run of pieces one clause may join back together. */
const MAX_JOIN = 4;

/** The reason a sentence without a reading is held with. */
export const NO_READING = "no reading: this sentence matches none of the frames";
export const NO_CITATION = "no reading: this sentence cites no fact and is not one of the listed hedges, notices or connectives";

export type ReadSentence = {
  span: Span;
  frame: string;
  claims: Claim[];
  problems: string[];
  /** The coin the next sentence may call "it". */
  subject: string | null;
};

type Piece = { from: number; to: number };

const groupWords = (text: string): Group | "market" | null => {
  if (/\btop 100\b/.test(text)) return "top100";
  if (/\btracked\b/.test(text)) return "tracked";
  if (/\bband\b|\bcoins ranked\b/.test(text)) return "band";
  if (/\bthe (?:crypto |wider |broader )?market\b(?! cap| value)|\bcryptocurrencies\b/.test(text)) return "market";
  return null;
};

function directionOf(m: RegExpExecArray): 1 | -1 | 0 | null {
  const g = m.groups ?? {};
  if (g.up) return 1;
  if (g.down) return -1;
  if (g.flat) return 0;
  if (g.list) return null;
  return null;
}

/** The frame a clause matches, first in the list's order, or null. */
function matchClause(text: string): { frame: Frame | null; m: RegExpExecArray | null; fixed?: string } {
  if (CONNECTIVES.includes(text)) return { frame: null, m: null, fixed: "connective" };
  if (TITLE_LABELS.test(text)) return { frame: null, m: null, fixed: "title" };
  for (const frame of FRAMES) {
    const m = frame.re.exec(text);
    if (m) return { frame, m };
  }
  return { frame: null, m: null };
}

type Cut = { text: string; frame: Frame | null; m: RegExpExecArray | null; fixed?: string }[];

/**
 * Cuts a shape into clauses that each match a frame: the pieces between joiners, joined back
 * where one frame spans several. Returns the clauses in order, or (null) where reading stopped:
 * the first piece no frame reads from where the reading got to.
 */
function cutOrUnread(tokens: readonly string[]): { clauses: Cut | null; unread: Piece | null } {
  const pieces: Piece[] = [];
  let start = -1;
  tokens.forEach((t, i) => {
    if (JOINERS.has(t)) {
      if (start >= 0) pieces.push({ from: start, to: i });
      start = -1;
    } else if (start < 0) start = i;
  });
  if (start >= 0) pieces.push({ from: start, to: tokens.length });
  if (!pieces.length) return { clauses: [], unread: null };
  // best[i]: a reading of pieces[0..i), built from the left.
  const best: (ReturnType<typeof matchClause> & { text: string })[][] | null[] = Array(pieces.length + 1).fill(null);
  best[0] = [];
  for (let i = 0; i < pieces.length; i++) {
    const before = best[i];
    if (!before) continue;
    for (let j = i + 1; j <= Math.min(pieces.length, i + MAX_JOIN); j++) {
      const first = pieces[i] as Piece;
      const last = pieces[j - 1] as Piece;
      // A clause may keep the joiner words before it ("with a market cap of F", "so it did better").
      const starts = [first.from];
      for (let k = first.from - 1; k >= 0 && JOINERS.has(tokens[k] as string) && /^[a-z]/.test(tokens[k] as string); k--) starts.push(k);
      for (const s of starts) {
        const text = tokens.slice(s, last.to).join(" ");
        const hit = matchClause(text);
        if ((hit.frame || hit.fixed) && !best[j]) {
          best[j] = [...before, { ...hit, text }];
          break;
        }
      }
    }
  }
  const done = best[pieces.length];
  if (done) return { clauses: done, unread: null };
  let reached = 0;
  best.forEach((b, i) => {
    if (b) reached = i;
  });
  return { clauses: null, unread: pieces[reached] ?? null };
}

/** A stretch of the shape as readers would see it: each `C` its coin's name, each `F` its figure. */
function spoken(tokens: readonly string[], piece: Piece, shape: Shape, ctx: Context): string {
  let fi = tokens.slice(0, piece.from).filter((t) => t === "F").length;
  let ci = tokens.slice(0, piece.from).filter((t) => t === "C").length;
  return tokens
    .slice(piece.from, piece.to)
    .map((t) => {
      if (t === "F") return ctx.facts.byId.get(shape.facts[fi++] ?? "")?.display ?? "[unknown figure]";
      if (t === "C") return ctx.names.get(shape.coins[ci++] ?? "") ?? "the coin";
      return t;
    })
    .join(" ")
    .replace(/ 's\b/g, "'s")
    .replace(/ ([,;:)])/g, "$1")
    .replace(/\( /g, "(");
}

type Context = {
  source: string;
  cites: readonly (Span & { ref: string })[];
  mentions: readonly Mention[];
  facts: FactIndex;
  names: ReadonlyMap<string, string>;
};

/**
 * The reading of one sentence: its frames, the claims they make, and what disagrees with the facts.
 * `carried` is the coin of the sentence before ("it"); `only` the brief's one coin.
 */
export function readSentence(ctx: Context, span: Span, carried: string | null, only: string | null): ReadSentence {
  const shape = shapeOf(ctx.source, span, ctx.cites, ctx.mentions);
  const base = { span, claims: [] as Claim[], subject: shape.coins[0] ?? carried };
  if (!shape.text) return { ...base, frame: "empty", problems: [] };
  if (!shape.facts.length) {
    const fixed = fixedFrame(shape.text);
    if (fixed) return { ...base, frame: fixed, problems: [] };
    // No claim without a cited fact: a sentence that cites nothing is on the lists, or it is held.
    const tokens = shape.text.split(" ");
    const { clauses: parts, unread } = cutOrUnread(tokens);
    if (parts?.every((c) => c.fixed === "connective")) return { ...base, frame: "connective", problems: [] };
    const whole = { from: 0, to: tokens.length };
    const problem = parts
      ? `${NO_CITATION} ("${spoken(tokens, whole, shape, ctx)}" claims without a fact)`
      : `${NO_READING}${unread ? ` ("${spoken(tokens, unread, shape, ctx)}" is no frame's clause)` : ""}`;
    return { ...base, frame: "none", problems: [problem] };
  }
  const tokens = shape.text.split(" ");
  const { clauses, unread } = cutOrUnread(tokens);
  if (!clauses) {
    const where = unread ? ` ("${spoken(tokens, unread, shape, ctx)}" is no frame's clause)` : "";
    return { ...base, frame: "none", problems: [`${NO_READING}${where}`] };
  }
  const framed = clauses.filter((c) => c.frame);
  if (!framed.length) {
    // Only connectives and title labels: a reading that claims nothing.
    const ok = clauses.every((c) => c.fixed === "connective");
    return { ...base, frame: clauses.map((c) => c.fixed).join("+"), problems: ok ? [] : [NO_CITATION] };
  }
  const problems: string[] = [];
  const claims: Claim[] = [];
  let fi = 0;
  let ci = 0;
  let subject = carried ?? only;
  // The scope a sentence names once ("Among the top 100, …") holds for all its clauses.
  let scope: Group | "market" | null = null;
  for (const c of clauses) {
    const nf = (c.text.match(/\bF\b/g) ?? []).length;
    const nc = (c.text.match(/\bC\b/g) ?? []).length;
    const ids = shape.facts.slice(fi, fi + nf);
    const coins = shape.coins.slice(ci, ci + nc);
    fi += nf;
    ci += nc;
    if (!c.frame || !c.m) continue;
    if (coins[0]) subject = coins[0];
    const facts = ids.map((id) => ctx.facts.byId.get(id)).filter((f) => f !== undefined);
    const group = groupOfFacts(facts) ?? groupWords(c.text.replace(/\bC\b|\bF\b/g, ""));
    // A group named once ("Among the top 100, …", "the best performer in the top 100 …, and its weakest …") holds for the clauses after it.
    if (c.frame.kind === "scope" || group) scope = group ?? scope;
    const clause: Clause = {
      frame: c.frame,
      text: c.text,
      facts,
      ids,
      subject,
      coins,
      direction: directionOf(c.m),
      group: group ?? scope,
    };
    const read = verifyClause(clause, ctx.facts, ctx.names);
    problems.push(...read.problems);
    if (read.claim) claims.push(read.claim);
  }
  return {
    span,
    frame: clauses.map((c) => c.frame?.id ?? c.fixed).join("+"),
    claims,
    problems: [...new Set(problems)],
    subject: shape.coins[0] ?? carried,
  };
}
