import { longDay } from "#schema/contracts/format.ts";
import { escapeHtml } from "#worker/lib/html.ts";
import type { MailMessage } from "#worker/ports/mail/mail.ts";
import { articleUrl, unsubscribeHeaders, unsubscribePageUrl } from "./links.ts";

const SUPPORT_EMAIL = "support@coinsight.news";
const BRAND = "#4f46e5";

/** One narrow column with inline styles only (many mail clients drop <style>); callers escape every value. */
function layout({ preheader, body, footer }: { preheader: string; body: string; footer: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Coinsight</title></head>
<body style="margin:0;padding:0;background:#f7f8fb;color:#0f172a;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;line-height:1.55">
<div style="display:none;max-height:0;overflow:hidden">${preheader}</div>
<div style="max-width:600px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 16px;font-size:20px;font-weight:800;color:${BRAND}">Coinsight</p>
<div style="background:#ffffff;border:1px solid #e3e6ee;border-radius:12px;padding:24px">${body}</div>
<div style="padding:16px 4px;font-size:13px;color:#5b6476">${footer}</div>
</div></body></html>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a></p>`;
}

function subscribedFooter(email: string, unsubscribeUrl: string): { html: string; text: string } {
  return {
    html: `You receive this email because ${escapeHtml(email)} subscribed to the Coinsight newsletter. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#5b6476">Unsubscribe</a> at any time with one click. Questions? <a href="mailto:${SUPPORT_EMAIL}" style="color:#5b6476">${SUPPORT_EMAIL}</a>. Nothing here is financial advice.`,
    text: `You receive this email because ${email} subscribed to the Coinsight newsletter.\nUnsubscribe with one click: ${unsubscribeUrl}\nQuestions? ${SUPPORT_EMAIL}. Nothing here is financial advice.`,
  };
}

/** The double opt-in mail. It carries no unsubscribe link: nothing is subscribed until the reader confirms. */
export function confirmationMail({ to, url, validDays }: { to: string; url: string; validDays: number }): MailMessage {
  const intro = `Please confirm that you want the Coinsight newsletter, the Daily Roundup of crypto markets and social sentiment, at ${to}.`;
  const ignore = "If you did not ask for this, ignore this email: you will not be subscribed and will not hear from us again.";
  return {
    to,
    subject: "Confirm your Coinsight newsletter subscription",
    text: `${intro}\n\nConfirm your subscription:\n${url}\n\nThe link works for ${validDays} days. ${ignore}\n\nCoinsight · ${SUPPORT_EMAIL}\n`,
    html: layout({
      preheader: "One click to confirm your subscription.",
      body: `<h1 style="margin:0 0 12px;font-size:22px">Confirm your subscription</h1>
<p style="margin:0">${escapeHtml(intro)}</p>
${button(url, "Confirm my subscription")}
<p style="margin:0;font-size:14px;color:#5b6476">Or paste this link into your browser: <br><a href="${escapeHtml(url)}" style="color:${BRAND};word-break:break-all">${escapeHtml(url)}</a></p>
<p style="margin:16px 0 0;font-size:14px;color:#5b6476">The link works for ${validDays} days. ${escapeHtml(ignore)}</p>`,
      footer: `Coinsight · <a href="mailto:${SUPPORT_EMAIL}" style="color:#5b6476">${SUPPORT_EMAIL}</a>`,
    }),
    tags: { category: "newsletter_confirm" },
  };
}

/** Sent instead of a confirmation when a confirmed subscriber signs up again; the form answers the same either way. */
export function alreadySubscribedMail({
  to,
  origin,
  unsubscribeToken,
}: {
  to: string;
  origin: string;
  unsubscribeToken: string;
}): MailMessage {
  const footer = subscribedFooter(to, unsubscribePageUrl(origin, unsubscribeToken));
  const line = `Someone (probably you) asked to subscribe ${to} to the Coinsight newsletter. This address is already subscribed, so there is nothing to do: the Daily Roundup keeps arriving every morning.`;
  return {
    to,
    subject: "You're already subscribed to the Coinsight newsletter",
    text: `${line}\n\n${footer.text}\n`,
    html: layout({
      preheader: "Nothing to do: you're already on the list.",
      body: `<h1 style="margin:0 0 12px;font-size:22px">You're already subscribed</h1><p style="margin:0">${escapeHtml(line)}</p>`,
      footer: footer.html,
    }),
    headers: unsubscribeHeaders(origin, unsubscribeToken),
    tags: { category: "newsletter_notice" },
  };
}

export type MailArticle = { slug: string; title: string; excerpt: string };

/**
 * The content of one day's newsletter; `personalise` adds each reader's address and unsubscribe link.
 * `replayedFrom`: the day the replayed market figures were recorded, when its articles were written
 * from the offline replay (the mail is read away from the site's demo notice, so it says so itself).
 */
export type DailyEdition = { date: string; roundup: MailArticle; trending: MailArticle[]; replayedFrom?: string | null };

/** "Sunday, 22 November 2026" for an ISO day. */
export function longDate(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * "Daily Roundup: {title}", unless the title already names the roundup ("Daily Crypto Roundup: …"
 * from the newsroom's writer), which would then read twice.
 */
export function dailySubject(edition: Pick<DailyEdition, "roundup">): string {
  const { title } = edition.roundup;
  return /\broundup\b/i.test(title) ? title : `Daily Roundup: ${title}`;
}

/** The line that tells a reader the figures are replayed, not live; null for live figures. */
export function replayLine(edition: Pick<DailyEdition, "replayedFrom">): string | null {
  if (!edition.replayedFrom) return null;
  return `Replayed figures: the market figures in these articles are CoinGecko figures recorded on ${longDay(edition.replayedFrom)}, replayed as if today: an offline demo, not live prices.`;
}

export function dailyMail(
  edition: DailyEdition,
  { to, origin, unsubscribeToken }: { to: string; origin: string; unsubscribeToken: string },
): MailMessage {
  const { roundup, trending } = edition;
  const roundupUrl = articleUrl(origin, roundup.slug);
  const footer = subscribedFooter(to, unsubscribePageUrl(origin, unsubscribeToken));
  const when = longDate(edition.date);
  const replay = replayLine(edition);

  const trendingText = trending.length
    ? `\n\nTRENDING ANALYSIS\n\n${trending.map((a) => `* ${a.title}\n  ${articleUrl(origin, a.slug)}`).join("\n\n")}`
    : "";
  const trendingHtml = trending.length
    ? `<h2 style="margin:28px 0 8px;font-size:17px">Trending Analysis</h2>
<ul style="margin:0;padding:0 0 0 18px">${trending
        .map(
          (a) =>
            `<li style="margin:0 0 10px"><a href="${escapeHtml(articleUrl(origin, a.slug))}" style="color:${BRAND};font-weight:700;text-decoration:none">${escapeHtml(a.title)}</a>${a.excerpt ? `<br><span style="font-size:14px;color:#5b6476">${escapeHtml(a.excerpt)}</span>` : ""}</li>`,
        )
        .join("")}</ul>`
    : "";

  return {
    to,
    subject: dailySubject(edition),
    text: `COINSIGHT DAILY ROUNDUP · ${when}\n\n${replay ? `${replay}\n\n` : ""}${roundup.title}\n\n${roundup.excerpt ? `${roundup.excerpt}\n\n` : ""}Read the Daily Roundup: ${roundupUrl}${trendingText}\n\n--\n${footer.text}\n`,
    html: layout({
      preheader: roundup.excerpt || roundup.title,
      body: `<p style="margin:0 0 8px;font-size:13px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#5b6476">Daily Roundup · ${escapeHtml(when)}</p>
${replay ? `<p style="margin:0 0 12px;padding:8px 10px;border-radius:8px;background:#fff7e6;font-size:13px;color:#5b4a1f">${escapeHtml(replay)}</p>` : ""}
<h1 style="margin:0 0 12px;font-size:22px"><a href="${escapeHtml(roundupUrl)}" style="color:#0f172a;text-decoration:none">${escapeHtml(roundup.title)}</a></h1>
${roundup.excerpt ? `<p style="margin:0">${escapeHtml(roundup.excerpt)}</p>` : ""}
${button(roundupUrl, "Read the Daily Roundup")}${trendingHtml}`,
      footer: footer.html,
    }),
    headers: unsubscribeHeaders(origin, unsubscribeToken),
    tags: { category: "newsletter_daily", edition: edition.date },
  };
}
