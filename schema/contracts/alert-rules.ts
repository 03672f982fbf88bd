// No zod here: the header's bell and the alerts screen import these, and they must not pull a validator into every page.
import type { Tier } from "./auth.ts";
import { formatPrice } from "./format.ts";

/**
 * Alerts and the watchlist digest: the numbers a member sees on the alerts screen, so the
 * web and the worker cannot disagree. Why they are what they are: docs/decisions/alerts/.
 */

export const alertKinds = ["price_above", "price_below", "move_24h", "sentiment_shift", "new_article"] as const;
export type AlertKind = (typeof alertKinds)[number];

/** How many alerts each plan holds (admins get Pro's). Paused alerts count. */
export const ALERT_LIMITS: Record<Tier, number> = { free: 3, lite: 10, basic: 25, pro: 100 };

/** Alert mails per member per UTC day; later events of the day only reach the bell. */
export const ALERT_MAILS_PER_DAY = 5;

/** A price alert re-arms once the price is back across its threshold by this fraction (0.5 %). */
export const PRICE_REARM_MARGIN = 0.005;
/** A 24 h move alert re-arms once the move is this many percentage points inside its threshold. */
export const MOVE_REARM_POINTS = 0.5;

export const digestFrequencies = ["off", "daily", "weekly"] as const;
export type DigestFrequency = (typeof digestFrequencies)[number];

/** The lists a mail can unsubscribe from with one click. */
export const mailLists = ["digest", "alert-mail"] as const;
export type MailList = (typeof mailLists)[number];

/**
 * What each kind's threshold may be (docs/decisions/alerts/threshold-bounds.md): at least `min` and at
 * most `max` in the unit its form field shows, stated no finer than the site shows it (`decimals`;
 * prices have their own steps, `onPriceSteps`). Below the minimum an alert can never fire or never
 * re-arm; finer than shown, two alerts would read the same.
 */
export const KIND_RULES: Record<
  AlertKind,
  { label: string; min: number; max: number; decimals: number | null; unit: "usd" | "percent" | "points" | null }
> = {
  // Below any traded price (the cheapest coin of the Top 500 is about $0.0000000004) and above every
  // denormal; the coin's own price narrows it further where the server knows it (PRICE_WINDOW).
  price_above: { label: "Price rises above", min: 1e-12, max: 1e12, decimals: null, unit: "usd" },
  price_below: { label: "Price falls below", min: 1e-12, max: 1e12, decimals: null, unit: "usd" },
  // Twice the re-arm margin: at or below the margin a fired alert could never re-arm.
  move_24h: { label: "Moves by ±N % in 24 h", min: 2 * MOVE_REARM_POINTS, max: 1000, decimals: 2, unit: "percent" },
  // A point of the 0-100 score; events show shifts to one decimal.
  sentiment_shift: { label: "Sentiment shifts by N points in a day", min: 1, max: 100, decimals: 1, unit: "points" },
  new_article: { label: "A new Coinsight article about it", min: 0, max: 0, decimals: null, unit: null },
};

/** A price threshold stays within this factor of the coin's price when it is set (both ways). */
export const PRICE_WINDOW = 1000;

export const THRESHOLD_NOT_NUMBER = "The threshold must be a number";
const THRESHOLD_NOT_POSITIVE = "The threshold must be greater than 0";

/** A price as the site writes it: whole cents from $1, four significant digits below (format.ts). */
function onPriceSteps(value: number): boolean {
  return value >= 1 ? Number(value.toFixed(2)) === value : Number(value.toPrecision(4)) === value;
}

/**
 * The nearest price on the site's steps at or above (`up`) or at or below (`down`) `value`: a bound
 * shown to a member is one they can type and have accepted.
 */
export function priceStep(value: number, direction: "up" | "down"): number {
  const step = value >= 1 ? 0.01 : 10 ** (Math.floor(Math.log10(value)) - 3);
  const n = value / step;
  // The tolerance keeps a value already on a step (7618.000000000001 steps) where it is.
  const k = direction === "up" ? Math.ceil(n - 1e-9) : Math.floor(n + 1e-9);
  return Number((k * step).toPrecision(12));
}

function shown(kind: AlertKind, value: number): string {
  const unit = KIND_RULES[kind].unit;
  if (unit === "usd") return formatPrice(value);
  const n = value.toLocaleString("en-US", { maximumFractionDigits: 2 });
  return unit === "percent" ? `${n}%` : `${n} ${value === 1 ? "point" : "points"}`;
}

/** Kind-specific rules: every kind but new_article needs a threshold within its range, on its steps. */
export function thresholdProblem(kind: AlertKind, value: number | null | undefined): string | null {
  const rule = KIND_RULES[kind];
  if (rule.unit === null) return value == null ? null : "New-article alerts take no threshold";
  if (value == null) return "Enter a threshold";
  if (!Number.isFinite(value)) return THRESHOLD_NOT_NUMBER;
  if (value <= 0) return THRESHOLD_NOT_POSITIVE;
  if (value < rule.min) return `The threshold must be at least ${shown(kind, rule.min)}`;
  if (value > rule.max) return `The threshold must be at most ${shown(kind, rule.max)}`;
  if (rule.unit === "usd" && !onPriceSteps(value)) {
    return value >= 1
      ? "Enter a price of $1 or more in whole cents (at most 2 decimals)"
      : "Enter a price below $1 with at most 4 significant digits (such as 0.0001234)";
  }
  if (rule.decimals !== null && Number(value.toFixed(rule.decimals)) !== value) {
    return `Enter the threshold with at most ${rule.decimals} ${rule.decimals === 1 ? "decimal" : "decimals"}`;
  }
  return null;
}

/**
 * A price threshold against the coin's price now (only the server knows it): more than PRICE_WINDOW
 * times away either way, the alert would in practice never fire, and is most likely a typo.
 */
export function priceWindowProblem(kind: AlertKind, value: number, coin: { symbol: string; priceUsd: number }): string | null {
  if (KIND_RULES[kind].unit !== "usd" || !(coin.priceUsd > 0)) return null;
  const low = priceStep(coin.priceUsd / PRICE_WINDOW, "up");
  const high = priceStep(coin.priceUsd * PRICE_WINDOW, "down");
  if (value >= low && value <= high) return null;
  return `${coin.symbol} is at ${formatPrice(coin.priceUsd)}: a price alert on it must be between ${formatPrice(low)} and ${formatPrice(high)}`;
}
