import type { PlanPeriod } from "#schema/contracts/ask-plan.ts";
import { NUMBER_WORDS } from "./numbers.ts";

/** Each recorded period's span in hours; a month is given a day's slack so "the last 31 days" is still a month. */
const SPANS: readonly [PlanPeriod, number][] = [
  ["1h", 1],
  ["24h", 24],
  ["7d", 24 * 7],
  ["30d", 24 * 31],
];

/**
 * The shortest recorded period that covers a span, so the answer includes everything asked about
 * (two weeks is answered over 30 days, and the plan says so); a year at most, the history held.
 */
function covering(hours: number): PlanPeriod {
  return SPANS.find(([, span]) => hours <= span)?.[0] ?? "1y";
}

const COUNTS: Record<string, number> = {
  a: 1,
  an: 1,
  couple: 2,
  few: 3,
  several: 4,
  ...NUMBER_WORDS,
};

const UNIT_HOURS: readonly [RegExp, number][] = [
  [/^(?:minutes?|mins?)$/, 1 / 60],
  [/^(?:hours?|hrs?|h)$/, 1],
  [/^(?:days?|d)$/, 24],
  [/^(?:weeks?|wks?|w)$/, 24 * 7],
  [/^(?:months?|mos?)$/, 24 * 30],
  [/^(?:years?|yrs?|y)$/, 24 * 365],
];

const SPAN =
  /\b(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|thirty|(?:a )?couple(?: of)?|(?:a )?few|several)[ -]?(minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|mos?|years?|yrs?)\b|\b(\d+)(h|d|w|y)\b/g;

/** Periods named in words, first the ones a longer phrase would otherwise hide. */
const NAMED: readonly [RegExp, PlanPeriod][] = [
  [/\bhours\b/, "24h"],
  [/\bhour(?:ly)?\b|\b60 ?min/, "1h"],
  [/\b(?:today|tonight|this (?:morning|afternoon|evening)|overnight|yesterday|intraday|daily|(?:past|last|the) day)\b/, "24h"],
  [/\b(?:recently|lately|these days|this weekend|weekend)\b/, "7d"],
  [/\bweeks\b/, "30d"],
  [/\b(?:week|weekly|wk)\b/, "7d"],
  [/\bmonths\b/, "1y"],
  [/\b(?:month|monthly|mtd)\b/, "30d"],
  [/\b(?:year|yearly|annual|annually|ytd|quarter|since january)\b/, "1y"],
];

/** The period a question names ("this week", "past 30 days", "in the last hour"), or null when it names none. */
export function findPeriod(text: string): PlanPeriod | null {
  const lower = text.toLowerCase();
  let found: { at: number; period: PlanPeriod } | null = null;
  const keep = (at: number, period: PlanPeriod) => {
    if (!found || at < found.at) found = { at, period };
  };
  for (const m of lower.matchAll(SPAN)) {
    const count = m[1] ?? m[3] ?? "";
    const unit = m[2] ?? m[4] ?? "";
    const n = Number(count) || COUNTS[count.replace(/^a |\s*of$/g, "")] || 0;
    const perUnit = UNIT_HOURS.find(([re]) => re.test(unit))?.[1];
    if (n > 0 && perUnit) keep(m.index, covering(n * perUnit));
  }
  for (const [re, period] of NAMED) {
    const m = re.exec(lower);
    if (m) keep(m.index, period);
  }
  return (found as { period: PlanPeriod } | null)?.period ?? null;
}
