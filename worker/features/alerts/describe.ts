import type { AlertKind } from "#schema/contracts/alert-rules.ts";
import type { AlertWaiting } from "#schema/contracts/alerts.ts";
import { formatChange, formatPrice } from "#worker/features/cryptos/index.ts";
import { rearmLevel, rearmsOn, type TickKind } from "./tick-sql.ts";

/**
 * Every sentence alerts put in front of a member (the alerts list, the bell, mails) is written here,
 * with the site's own price and change formats, so a figure reads the same everywhere. The sentences
 * report what happened and when; none of them says what to do about it.
 */

/** "26 Nov 2026, 14:05 UTC": the "as of" time of a figure. */
export function asOfText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const day = d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const time = d.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" });
  return `${day}, ${time} UTC`;
}

/** "26 Nov 2026" for an ISO day (YYYY-MM-DD). */
export function dayText(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** "±5%" for a move threshold (the site's change format without its sign). */
export function movePercent(threshold: number): string {
  return `±${formatChange(threshold).slice(1)}`;
}

/** The alerts list's line for an alert: "Price rises above $70,000.00". */
export function describeAlert(kind: AlertKind, threshold: number): string {
  switch (kind) {
    case "price_above":
      return `Price rises above ${formatPrice(threshold)}`;
    case "price_below":
      return `Price falls below ${formatPrice(threshold)}`;
    case "move_24h":
      return `Price moves ${movePercent(threshold)} in 24 hours`;
    case "sentiment_shift":
      return `Social sentiment shifts by ${threshold} points in a day`;
    case "new_article":
      return "A new Coinsight article about it is published";
  }
}

/**
 * Why a disarmed price or move alert waits (it fired, or its condition already held when it was set,
 * edited or resumed) and what re-arms it, with the coin's figure now when the snapshot has one: a
 * figure the data lacks is left out, never guessed.
 */
export function waitingText(
  alert: { kind: TickKind; symbol: string; threshold: number; fired: boolean },
  now: { price: number; change24h: number | null } | null,
): AlertWaiting {
  const { kind, symbol, threshold } = alert;
  const level = rearmLevel(kind, threshold);
  if (kind === "move_24h") {
    const change = now?.change24h ?? null;
    const at = movePercent(threshold);
    return {
      reason: alert.fired
        ? `It fired when ${symbol} moved ${at} or more in 24 hours.`
        : `${symbol} had already moved ${at} or more in 24 hours when the alert was set or last changed.`,
      rearm:
        now && change !== null && rearmsOn(kind, threshold, now)
          ? `It re-arms on the next price update: ${symbol}'s 24-hour move is back to ${formatChange(change)}.`
          : `It re-arms once ${symbol}'s 24-hour move is back inside ${movePercent(level)}` +
            `${change === null ? "" : ` (now ${formatChange(change)})`}, then fires again at ${at}.`,
    };
  }
  const above = kind === "price_above";
  const line = formatPrice(threshold);
  return {
    reason: alert.fired
      ? `It fired when ${symbol} ${above ? "rose above" : "fell below"} ${line}.`
      : `${symbol}'s price was already ${above ? "above" : "below"} ${line} when the alert was set or last changed.`,
    rearm:
      now && rearmsOn(kind, threshold, now)
        ? `It re-arms on the next price update: ${symbol} is back at ${formatPrice(now.price)}.`
        : `It re-arms once the price is back at or ${above ? "below" : "above"} ${formatPrice(level)}` +
          `${now ? ` (now ${formatPrice(now.price)})` : ""}, then fires on the next ${above ? "rise above" : "fall below"} ${line}.`,
  };
}

export type EventText = { title: string; body: string; href: string; asOf: string };

export const coinHref = (symbol: string) => `/coin/${encodeURIComponent(symbol.toLowerCase())}`;
export const articleHref = (slug: string) => `/article/${encodeURIComponent(slug)}`;

type Coin = { symbol: string; name: string };

/** A price or 24 h move alert that fired on a tick. */
export function priceEvent(
  kind: "price_above" | "price_below" | "move_24h",
  coin: Coin,
  threshold: number,
  tick: { price: number; change24h: number | null; at: string },
): EventText {
  const price = formatPrice(tick.price);
  const change = formatChange(tick.change24h);
  const when = asOfText(tick.at);
  const base = { href: coinHref(coin.symbol), asOf: tick.at };
  if (kind === "move_24h") {
    return {
      ...base,
      title: `${coin.symbol} moved ${change} in 24 hours`,
      body: `${coin.name}'s 24-hour change reached ${change} (your alert: ${movePercent(threshold)}); price ${price} as of ${when}.`,
    };
  }
  const verb = kind === "price_above" ? "rose above" : "fell below";
  return {
    ...base,
    title: `${coin.symbol} ${verb} ${formatPrice(threshold)}`,
    body: `${coin.name} was ${price} (${change} in 24 hours) as of ${when}.`,
  };
}

/** A day's social sentiment against the day before, as the newsroom's snapshots recorded them. */
export function sentimentEvent(
  coin: Coin,
  threshold: number,
  snap: { date: string; previousDate: string; sentiment: number; previous: number; fetchedAt: string },
): EventText {
  const delta = Math.round((snap.sentiment - snap.previous) * 10) / 10;
  const direction = delta >= 0 ? "rose" : "fell";
  return {
    href: coinHref(coin.symbol),
    asOf: snap.fetchedAt,
    title: `${coin.symbol} sentiment ${direction} ${Math.abs(delta)} points`,
    body:
      `${coin.name}'s social sentiment went from ${round1(snap.previous)} on ${dayText(snap.previousDate)} to ` +
      `${round1(snap.sentiment)} of 100 on ${dayText(snap.date)} (your alert: ${threshold} points), as of ${asOfText(snap.fetchedAt)}.`,
  };
}

/** A public article about the coin. */
export function articleEvent(coin: Coin, article: { slug: string; title: string; publishedAt: string }): EventText {
  return {
    href: articleHref(article.slug),
    asOf: article.publishedAt,
    title: `New article on ${coin.symbol}: ${article.title}`,
    body: `Coinsight published "${article.title}" about ${coin.name} at ${asOfText(article.publishedAt)}.`,
  };
}

function round1(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}
