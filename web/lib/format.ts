/** How every figure the data does not have reads: never 0, never an invented number. */
export const UNKNOWN = "\u2014";

/**
 * Money as the specs show it: at least 1e12, 1e9, 1e6 or 1e3 get T, B, M or K with 2 decimals
 * ("$1.28T"), anything smaller whole dollars, zero or an invalid value "$0", and an unknown
 * (null) value an em dash.
 */
export function formatMoney(value: number | string | null | undefined): string {
  if (value == null) return UNKNOWN;
  const n = typeof value === "string" ? Number(value) : value;
  if (!Number.isFinite(n) || n <= 0) return "$0";
  if (n >= 1e12) return `$${(n / 1e12).toFixed(2)}T`;
  if (n >= 1e9) return `$${(n / 1e9).toFixed(2)}B`;
  if (n >= 1e6) return `$${(n / 1e6).toFixed(2)}M`;
  if (n >= 1e3) return `$${(n / 1e3).toFixed(2)}K`;
  return `$${Math.round(n)}`;
}

/** Large counts with T, B, M and 2 decimals (admin tables and supplies). */
export function formatCompact(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return "-";
  const abs = Math.abs(value);
  if (abs >= 1e12) return `${(value / 1e12).toFixed(2)}T`;
  if (abs >= 1e9) return `${(value / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
  return Math.round(value).toLocaleString("en-US");
}

/** A change text is a gain when it starts with a plus sign (coin page rule). */
export function isGain(change: string | null | undefined): boolean {
  return typeof change === "string" && change.trim().startsWith("+");
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** "5 minutes ago", "2 days ago", "just now". */
export function timeAgo(iso: string | null | undefined, now: number = Date.now()): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(at)) return "";
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  for (const [unit, size] of units) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
    }
  }
  return "just now";
}

/** A percentage with a fixed number of decimals, e.g. for supply progress. */
export function percent(part: number | null | undefined, whole: number | null | undefined, decimals = 1): string | null {
  if (part == null || whole == null || !(whole > 0) || !Number.isFinite(part)) return null;
  return `${((part / whole) * 100).toFixed(decimals)}%`;
}

/** "2026-11-22 06:00:12 UTC". */
export function utcDateTime(iso: string | null | undefined): string {
  if (!iso) return "-";
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 19)} UTC`;
}

// Dates are spelled by hand, not with toLocaleDateString: each call builds an Intl formatter, and the
// first one loads the locale's data, which cost a phone about 100 ms on the first screen.
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "Jul" for month 6 (0-based, as Date gives it). */
export function shortMonth(month: number): string {
  return MONTHS[month]?.slice(0, 3) ?? "";
}

/** "29 Nov 2026" for a time in seconds, in UTC, the time zone every chart and figure date on the site uses. */
export function utcDay(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getUTCDate()} ${shortMonth(d.getUTCMonth())} ${d.getUTCFullYear()}`;
}

/** "$63,629.48": US dollars grouped by thousands, spelled by hand for the same reason as the dates. */
export function dollars(value: number, decimals = 2): string {
  const [whole = "0", cents] = Math.abs(value).toFixed(decimals).split(".");
  return `${value < 0 ? "-" : ""}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${cents ? `.${cents}` : ""}`;
}

/** "7 July 2026" for a "2026-07-07" day: the one spelling web and worker share. */
export { longDay } from "#schema/contracts/format.ts";

/** The parts of a date in the reader's time zone, or in UTC (a page rendered by the server, until hydrated). */
function parts(date: Date, zone: "local" | "utc") {
  return zone === "utc"
    ? {
        y: date.getUTCFullYear(),
        m: date.getUTCMonth(),
        d: date.getUTCDate(),
        h: date.getUTCHours(),
        min: date.getUTCMinutes(),
        s: date.getUTCSeconds(),
      }
    : { y: date.getFullYear(), m: date.getMonth(), d: date.getDate(), h: date.getHours(), min: date.getMinutes(), s: date.getSeconds() };
}

/** "Sep 1, 2026", in the reader's time zone by default. */
export function shortDate(date: Date, zone: "local" | "utc" = "local"): string {
  const { y, m, d } = parts(date, zone);
  return `${MONTHS[m]?.slice(0, 3)} ${d}, ${y}`;
}

/** "9/1/2026, 3:05:09 PM", in the reader's time zone by default (a date's tooltip). */
export function dateTime(date: Date, zone: "local" | "utc" = "local"): string {
  const { y, m, d, h, min, s } = parts(date, zone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${m + 1}/${d}/${y}, ${h % 12 || 12}:${pad(min)}:${pad(s)} ${h < 12 ? "AM" : "PM"}`;
}
