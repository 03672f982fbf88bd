import type { HistoryRange } from "#schema/contracts/charts.ts";
import { shortMonth } from "#web/lib/format.ts";

/** Round steps (1, 2, 5 × 10ⁿ) for about `count` gridlines between min and max, with a little air above and below. */
export function priceScale(min: number, max: number, count = 4): { lo: number; hi: number; ticks: number[] } {
  const pad = (max - min) * 0.08 || Math.abs(max) * 0.01 || 1;
  const lo = Math.max(0, min - pad);
  const hi = max + pad;
  const raw = (hi - lo) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  const step = (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * magnitude;
  const ticks: number[] = [];
  // Multiplying (not adding) keeps float error from piling up on small prices.
  for (let i = Math.ceil(lo / step); i * step <= hi; i++) ticks.push(Number((i * step).toPrecision(12)));
  return { lo, hi, ticks };
}

const HOUR = 3_600;
const DAY = 86_400;

/** The step a range's labels snap to: whole hours for a day, days up to a month, months beyond. */
const unitOf = (range: HistoryRange) => (range === "24h" ? "hour" : range === "7d" || range === "30d" ? "day" : "month");

/** The start of the UTC month nearest to t (seconds). */
function nearestMonth(t: number): number {
  const d = new Date(t * 1000);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
  return t - start < next - t ? start : next;
}

/**
 * Short enough for four on a phone: "14:00" in a day, "Nov 20" up to a month, "2026" for January and
 * "Apr" for the other months of a year, "Apr '25" across years.
 */
function labelAt(t: number, range: HistoryRange): string {
  const d = new Date(t * 1000);
  const month = shortMonth(d.getUTCMonth());
  switch (unitOf(range)) {
    case "hour":
      return d.toISOString().slice(11, 16);
    case "day":
      return `${month} ${d.getUTCDate()}`;
    default:
      if (range === "max") return `${month} '${String(d.getUTCFullYear()).slice(2)}`;
      return d.getUTCMonth() === 0 ? String(d.getUTCFullYear()) : month;
  }
}

/**
 * `count` time labels spread across [from, to], each snapped to a whole hour (24H), day (7D, 1M)
 * or month (1Y, Max) in UTC, the time zone every chart on the site uses.
 */
export function timeTicks(from: number, to: number, range: HistoryRange, count = 4): { time: number; label: string }[] {
  const unit = unitOf(range);
  const ticks: { time: number; label: string }[] = [];
  for (let i = 0; i < count; i++) {
    const at = from + ((i + 0.5) / count) * (to - from);
    const time = unit === "hour" ? Math.round(at / HOUR) * HOUR : unit === "day" ? Math.round(at / DAY) * DAY : nearestMonth(at);
    if (time < from || time > to || ticks.some((t) => t.time === time)) continue;
    ticks.push({ time, label: labelAt(time, range) });
  }
  return ticks;
}
