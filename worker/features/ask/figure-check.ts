import type { Fact } from "#worker/ports/llm/llm.ts";

/**
 * Ask's figure check: every figure an answer writes (prices, percentages, ranks, scores, counts)
 * must be one of the facts of its brief, allowing only for the rounding the text shows, with the
 * direction a sign or verb gives. This is the check articles used before the newsroom moved to
 * claims cited by fact id (worker/lib/grounding); Ask moves there next (docs/decisions/ask).
 */

export type FigureKind = "money" | "percent" | "rank" | "number";

export type Figure = {
  text: string;
  kind: FigureKind;
  /** The value as written, with its multiplier (billion...) applied and without a sign. */
  value: number;
  /** +1 or -1 when the text carries a sign, else 0. */
  sign: number;
  /** +1 or -1 when a verb before it gives a direction ("fell 2.3%"), else 0. */
  direction: number;
  /** Half a unit of the last digit shown, times the multiplier: the rounding the text allows. */
  precision: number;
};

export type GroundingResult = { ok: boolean; checked: number; problems: string[] };

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  million: 1e6,
  b: 1e9,
  billion: 1e9,
  t: 1e12,
  trillion: 1e12,
};

// Not inside a word or another number; "101-300" reads as two numbers, "+2.31%" as one signed one.
const NUMBER = /(?<![\w.])([+\-−]?)(\$?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(%|trillion|billion|million|thousand|[KMBT](?![A-Za-z])))?/g;
/** "24 hours", "24-hour", "7 days", "24h": periods, not figures. */
const PERIOD_AFTER = /^(?:-|\s)?(?:hours?|hrs?|h|days?|d|weeks?|months?|years?)\b/i;
const RANK_BEFORE = /(?:#|\b(?:rank(?:ed|s)?|altrank|no\.)\s*(?:of\s+|at\s+)?#?)\s*$/i;
const UP = /\b(?:rose|rises|rising|gained|gains|climbed|climbs|advanced|jumped|rallied|surged|added|up|higher|increased)\b/gi;
const DOWN = /\b(?:fell|falls|falling|slipped|slips|declined|declines|dropped|drops|down|lost|sank|tumbled|lower|shed|decreased)\b/gi;

/** Text a check must not read as figures: names with digits, list markers, clock times, ISO dates. */
function neutralise(text: string, names: readonly string[]): string {
  let out = text;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    if (/\d/.test(name)) out = out.split(name).join("NAME");
  }
  return out
    .replace(/^(\s*)\d+[.)]\s/gm, "$1- ")
    .replace(/\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?\b/g, "DATE")
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, "TIME");
}

function directionBefore(text: string, index: number): number {
  const window = text.slice(Math.max(0, index - 40), index);
  // Only the clause the figure is in: a verb before a comma or full stop belongs to another figure.
  const clause = window.split(/[,.;:!?()]/).pop() ?? "";
  const last = (re: RegExp) => Math.max(-1, ...[...clause.matchAll(re)].map((m) => m.index ?? -1));
  const up = last(UP);
  const down = last(DOWN);
  if (up < 0 && down < 0) return 0;
  return up > down ? 1 : -1;
}

export function extractFigures(text: string, names: readonly string[] = []): Figure[] {
  const clean = neutralise(text, names);
  const figures: Figure[] = [];
  for (const m of clean.matchAll(NUMBER)) {
    const [whole, signText = "", dollar, intPart = "", fraction = "", unitText = ""] = m;
    const index = m.index ?? 0;
    const after = clean.slice(index + whole.length);
    if (!dollar && !unitText && PERIOD_AFTER.test(after)) continue;
    const multiplier = unitText && unitText !== "%" ? (MULTIPLIERS[unitText.toLowerCase()] ?? 1) : 1;
    const decimals = fraction ? fraction.length - 1 : 0;
    const value = Number(`${intPart.replace(/,/g, "")}${fraction}`) * multiplier;
    const before = clean.slice(Math.max(0, index - 24), index);
    const kind: FigureKind = dollar ? "money" : unitText === "%" ? "percent" : RANK_BEFORE.test(before) ? "rank" : "number";
    figures.push({
      text: whole.trim(),
      kind,
      value,
      sign: signText === "+" ? 1 : signText ? -1 : 0,
      direction: kind === "percent" ? directionBefore(clean, index) : 0,
      precision: 0.5 * 10 ** -decimals * multiplier,
    });
  }
  return figures;
}

const COMPATIBLE: Record<FigureKind, readonly Fact["kind"][]> = {
  money: ["price", "money"],
  percent: ["percent"],
  rank: ["rank"],
  number: ["score", "count", "rank", "percent", "price", "money"],
};

/** Loose enough for "$64,000" from $64,039 or "353,000 posts"; never for ranks or percentages. */
const RELATIVE: Partial<Record<Fact["kind"], number>> = { price: 0.005, money: 0.005, count: 0.005 };

function matches(figure: Figure, f: Fact): boolean {
  if (!COMPATIBLE[figure.kind].includes(f.kind)) return false;
  if (f.signed && Math.abs(f.value) >= figure.precision) {
    const claimed = figure.sign || figure.direction;
    if (claimed !== 0 && claimed !== Math.sign(f.value)) return false;
  }
  const diff = Math.abs(figure.value - Math.abs(f.value));
  if (f.kind === "rank") return diff < 1e-9;
  const tolerance = Math.max(figure.precision, (RELATIVE[f.kind] ?? 0) * Math.abs(f.value)) + 1e-9;
  return diff <= tolerance;
}

/** Checks every figure of `text` against `facts`; whole numbers without a unit may also be one of `allowed`. */
export function checkGrounding(
  text: string,
  facts: readonly Fact[],
  options: { allowed?: readonly number[]; names?: readonly string[] } = {},
): GroundingResult {
  const figures = extractFigures(text, options.names);
  const problems: string[] = [];
  for (const figure of figures) {
    if (facts.some((f) => matches(figure, f))) continue;
    // "top 100", "ranked 101-300", "22 November 2026": bounds and dates, not data.
    const bare = figure.kind === "number" || figure.kind === "rank";
    if (bare && Number.isInteger(figure.value) && options.allowed?.includes(figure.value)) continue;
    problems.push(describe(figure, facts));
  }
  return { ok: problems.length === 0, checked: figures.length, problems };
}

function describe(figure: Figure, facts: readonly Fact[]): string {
  const sameNumber = facts.find(
    (f) => COMPATIBLE[figure.kind].includes(f.kind) && Math.abs(Math.abs(f.value) - figure.value) <= figure.precision,
  );
  if (sameNumber) return `"${figure.text}" has the wrong direction for ${sameNumber.label} (${sameNumber.display})`;
  return `"${figure.text}" matches none of the facts the article was written from`;
}
