// No zod here: the header's bell and the alerts screen import these, and they must not pull a validator into every page.
import type { Tier } from "./auth.ts";

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

/** The largest threshold each kind accepts, and the unit its form field shows. */
export const KIND_RULES: Record<AlertKind, { label: string; max: number; unit: "usd" | "percent" | "points" | null }> = {
  price_above: { label: "Price rises above", max: 1e12, unit: "usd" },
  price_below: { label: "Price falls below", max: 1e12, unit: "usd" },
  move_24h: { label: "Moves by ±N % in 24 h", max: 1000, unit: "percent" },
  sentiment_shift: { label: "Sentiment shifts by N points in a day", max: 100, unit: "points" },
  new_article: { label: "A new Coinsight article about it", max: 0, unit: null },
};

export const THRESHOLD_NOT_NUMBER = "The threshold must be a number";
const THRESHOLD_NOT_POSITIVE = "The threshold must be greater than 0";

/** Kind-specific rules: every kind but new_article needs a threshold above 0 and within its range. */
export function thresholdProblem(kind: AlertKind, value: number | null | undefined): string | null {
  const rule = KIND_RULES[kind];
  if (rule.unit === null) return value == null ? null : "New-article alerts take no threshold";
  if (value == null) return "Enter a threshold";
  if (value <= 0) return THRESHOLD_NOT_POSITIVE;
  if (value > rule.max) return `The threshold must be at most ${rule.max.toLocaleString("en-US")}`;
  return null;
}
