/**
 * How far back recorded prices really reach (issue 42: draw nothing the data lacks). Shared by the
 * Worker, which decides what a sparkline or chart range may draw, and the web, which says what is
 * missing. Times are unix seconds.
 */

const HOUR = 3_600;
const DAY = 86_400;

/**
 * The longest stretch without a recorded price a line may cross, per chart range. Longer holes stay
 * visible gaps; a line that would need one to reach the range's start does not draw the range. The
 * 7-day views (7D chart, sparkline) cross at most a day and a half: the recorded week of the top 250
 * has a price at least every 25 hours, ranks 251-500 only one 7 days and one 24 hours before the
 * recording, which a straight line would pass off as six days of prices
 * (docs/decisions/charts/draw-only-what-is-recorded.md).
 */
export const JOIN_LIMIT = {
  "24h": DAY,
  "7d": 36 * HOUR,
  "30d": 7 * DAY,
  "1y": 7 * DAY,
  max: 7 * DAY,
} as const;

/**
 * Where the line through `times` (ascending) that ends at the last of them begins: walking back from
 * the newest price, as far as no two neighbours are more than `maxGap` apart. Null without a price.
 */
export function runStart(times: readonly number[], maxGap: number): number | null {
  let i = times.length - 1;
  if (i < 0) return null;
  while (i > 0 && (times[i] as number) - (times[i - 1] as number) <= maxGap) i--;
  return times[i] as number;
}

/**
 * Whether recorded prices cover the window [start, end]: a line with no hole longer than `maxGap`
 * starts within `slack` of the window's start (or before it) and ends within `slack` of its end.
 * `from` is where that line starts, for saying how much is recorded when it is not all.
 */
export function covers(
  times: readonly number[],
  window: { start: number; end: number },
  maxGap: number,
  slack: number,
): { covered: boolean; from: number | null } {
  const from = runStart(times, maxGap);
  const last = times.at(-1);
  if (from === null || last === undefined || times.length < 2) return { covered: false, from };
  return { covered: from <= window.start + slack && last >= window.end - slack, from };
}

/** A span as a table cell says it ("40 min", "9 h", "1 d", "12 d"), or a sentence ("40 minutes", "1 day"). */
export function spanText(seconds: number, words = false): string {
  const [n, unit] =
    seconds < HOUR
      ? [Math.max(1, Math.round(seconds / 60)), ["min", "minute"]]
      : seconds < DAY
        ? [Math.floor(seconds / HOUR), ["h", "hour"]]
        : [Math.floor(seconds / DAY), ["d", "day"]];
  return words ? `${n} ${unit[1]}${n === 1 ? "" : "s"}` : `${n} ${unit[0]}`;
}
