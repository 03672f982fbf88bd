import { ALERT_MAILS_PER_DAY, type DigestFrequency } from "#schema/contracts/alert-rules.ts";
import { formatChange, formatPrice } from "#worker/features/cryptos/index.ts";
import { escapeHtml } from "#worker/lib/html.ts";
import { oneClickHeaders } from "#worker/lib/unsubscribe-token.ts";
import type { MailMessage } from "#worker/ports/mail/mail.ts";
import { asOfText, coinHref, dayText } from "./describe.ts";
import type { RecordedEvent } from "./events.ts";
import { manageUrl, unsubscribeUrl } from "./links.ts";

/** Alert and digest mails: every figure with its time, written by describe.ts in the site's formats; no advice. */

type Recipient = { to: string; origin: string; token: string };

const INK = "#0f172a";
const MUTED = "#5b6476";
const LINK = "#4f46e5";

/** A plain table layout (inline styles only: many mail clients drop <style>); callers escape every value. */
function page(title: string, rows: string, footer: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>
<body style="margin:0;background:#f7f8fb;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:${INK}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#fff;border:1px solid #e3e6ee;border-radius:12px">
<tr><td style="padding:20px 24px 4px;font-size:13px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:${LINK}">Coinsight</td></tr>
<tr><td style="padding:0 24px 8px"><h1 style="margin:0;font-size:20px;line-height:1.3">${title}</h1></td></tr>
${rows}
<tr><td style="padding:16px 24px 20px;font-size:13px;line-height:1.5;color:${MUTED};border-top:1px solid #e3e6ee">${footer}</td></tr>
</table></td></tr></table></body></html>`;
}

function row(heading: string, lines: string[], href: string, linkText: string): string {
  const body = lines.map((l) => `<p style="margin:4px 0 0;font-size:14px;line-height:1.5">${escapeHtml(l)}</p>`).join("");
  return `<tr><td style="padding:12px 24px;border-top:1px solid #eef0f5"><p style="margin:0;font-weight:700;font-size:15px">${escapeHtml(heading)}</p>${body}<p style="margin:6px 0 0;font-size:14px"><a href="${escapeHtml(href)}" style="color:${LINK}">${escapeHtml(linkText)}</a></p></td></tr>`;
}

function footer(r: Recipient, why: string, list: "digest" | "alert-mail", stop: string) {
  const off = unsubscribeUrl(r.origin, list, r.token);
  const manage = manageUrl(r.origin);
  return {
    text: `${why}\nManage alerts and the digest: ${manage}\n${stop} with one click: ${off}\n`,
    html: `${escapeHtml(why)} <a href="${escapeHtml(manage)}" style="color:${MUTED}">Manage alerts and the digest</a>. <a href="${escapeHtml(off)}" style="color:${MUTED}">${escapeHtml(stop)}</a> with one click.`,
    headers: oneClickHeaders(off),
  };
}

/** One mail with every event of one tick (or minute) for one member. */
export function alertMail(events: readonly RecordedEvent[], r: Recipient): MailMessage {
  const [first] = events;
  if (!first) throw new Error("alertMail needs at least one event");
  const subject = events.length === 1 ? first.title : `${events.length} Coinsight alerts: ${first.title} and more`;
  const why = `You receive this email because you set these alerts on Coinsight. At most ${ALERT_MAILS_PER_DAY} alert emails a day; later alerts wait under the bell on the site.`;
  const f = footer(r, why, "alert-mail", "Stop alert emails");
  const url = (href: string) => `${r.origin}${href}`;
  return {
    to: r.to,
    subject,
    text: `COINSIGHT ALERTS\n\n${events.map((e) => `* ${e.title}\n  ${e.body}\n  ${url(e.href)}`).join("\n\n")}\n\n--\n${f.text}`,
    html: page(
      escapeHtml(events.length === 1 ? "Your alert" : "Your alerts"),
      events
        .map((e) => row(e.title, [e.body], url(e.href), e.href.startsWith("/article/") ? "Read the article" : "Open the coin page"))
        .join(""),
      f.html,
    ),
    headers: f.headers,
    tags: { category: "alerts" },
    idempotencyKey: `alerts/${first.user_id}/${first.id}`,
  };
}

export type DigestCoin = {
  symbol: string;
  name: string;
  /** From the price snapshot the site shows; null once the coin left the tracked list. */
  price: { usd: number; change: number | null; asOf: string } | null;
  sentiment: { from: number; to: number; fromDate: string; toDate: string; asOf: string } | null;
  article: { slug: string; title: string; publishedAt: string } | null;
};

export type Digest = { frequency: Exclude<DigestFrequency, "off">; asOf: string; coins: DigestCoin[] };

function coinLines(c: DigestCoin, period: string): string[] {
  const price = c.price
    ? `Price ${formatPrice(c.price.usd)}, ${formatChange(c.price.change)} over ${period}, as of ${asOfText(c.price.asOf)}.`
    : "No price today: the coin is outside the tracked Top 500.";
  const s = c.sentiment;
  const delta = s ? Math.round((s.to - s.from) * 10) / 10 : 0;
  const sentiment = s
    ? `Social sentiment ${s.from} → ${s.to} of 100 (${delta >= 0 ? "+" : ""}${delta} points) from ${dayText(s.fromDate)} to ${dayText(s.toDate)}, as of ${asOfText(s.asOf)}.`
    : "No social sentiment change recorded for the period.";
  const article = c.article
    ? `Newest article: "${c.article.title}", published ${asOfText(c.article.publishedAt)}.`
    : "No Coinsight article about it yet.";
  return [price, sentiment, article];
}

/** The watchlist digest: each coin's move and sentiment change over the period and its newest article. */
export function digestMail(d: Digest, r: Recipient): MailMessage {
  const period = d.frequency === "daily" ? "24 hours" : "7 days";
  const title =
    d.frequency === "daily"
      ? `Your daily watchlist digest, ${dayText(d.asOf.slice(0, 10))}`
      : `Your weekly watchlist digest, week to ${dayText(d.asOf.slice(0, 10))}`;
  const why = `You receive this email because you turned on the ${d.frequency} watchlist digest on Coinsight.`;
  const f = footer(r, why, "digest", "Stop the digest");
  const link = (c: DigestCoin) =>
    c.article ? `${r.origin}/article/${encodeURIComponent(c.article.slug)}` : `${r.origin}${coinHref(c.symbol)}`;
  const text = d.coins
    .map(
      (c) =>
        `${c.symbol} · ${c.name}\n${coinLines(c, period)
          .map((l) => `  ${l}`)
          .join("\n")}\n  ${link(c)}`,
    )
    .join("\n\n");
  return {
    to: r.to,
    subject: title,
    text: `${title.toUpperCase()}\n\n${text}\n\n--\n${f.text}`,
    html: page(
      escapeHtml(title),
      d.coins
        .map((c) => row(`${c.symbol} · ${c.name}`, coinLines(c, period), link(c), c.article ? "Read the article" : "Open the coin page"))
        .join(""),
      f.html,
    ),
    headers: f.headers,
    tags: { category: "alerts_digest", frequency: d.frequency },
  };
}
