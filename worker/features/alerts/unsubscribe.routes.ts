import type { MailList } from "#schema/contracts/alert-rules.ts";
import { apiContract } from "#schema/contracts/api/index.ts";
import { layout, PAGE_CSP } from "#worker/features/auth/index.ts";
import { getDb } from "#worker/lib/db.ts";
import { escapeHtml } from "#worker/lib/html.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";

import { checkMailToken, manageUrl, publicOrigin } from "./links.ts";
import { unsubscribeList } from "./settings.service.ts";

const { alertMailUnsubscribePage: page, alertMailUnsubscribe: oneClick } = apiContract;

const WHAT: Record<MailList, { name: string; done: string; other: string }> = {
  digest: {
    name: "the watchlist digest",
    done: "You will not receive the watchlist digest any more.",
    other: "Alert emails are not affected.",
  },
  "alert-mail": {
    name: "alert emails",
    done: "You will not receive alert emails any more. Your alerts keep running and show under the bell on the site.",
    other: "The watchlist digest is not affected.",
  },
};

export const INVALID_LINK =
  "This link is not valid. Use the link at the bottom of one of our alert or digest emails, or change your settings on the site.";
export const EXPIRED_LINK = "This unsubscribe link has expired. Sign in to manage your mail settings.";

/** The settings live on a members' screen: signing in returns there. */
const SETTINGS = manageUrl("");
const SIGN_IN_TO_SETTINGS = `/api/login?returnTo=${encodeURIComponent(SETTINGS)}`;

/** Token pages: never cached, never leaked through a Referer, with the sign-in pages' strict CSP. */
function pageHeaders(c: { header(name: string, value: string): void }) {
  c.header("cache-control", "no-store");
  c.header("content-security-policy", PAGE_CSP);
  // Not "no-referrer": browsers would send `Origin: null` with the form.
  c.header("referrer-policy", "same-origin");
}

type Refusal = { status: 404 | 410; html: string };

/** The member a link unsubscribes from `list` (still a member), or the page to show instead. */
async function member(env: Env, requestUrl: string, list: MailList, token: string): Promise<{ userId: string } | { refusal: Refusal }> {
  const origin = publicOrigin(env, requestUrl) ?? new URL(requestUrl).origin;
  const check = await checkMailToken(env, origin, list, token);
  if (check.state === "expired") return { refusal: { status: 410, html: expiredPage() } };
  if (check.state === "valid") {
    const user = await env.DB.prepare("SELECT id FROM users WHERE id = ?1").bind(check.subject).first<{ id: string }>();
    if (user) return { userId: user.id };
  }
  return { refusal: { status: 404, html: layout("Invalid link", `<h1>Invalid link</h1><p>${escapeHtml(INVALID_LINK)}</p>`) } };
}

/** A clear way on rather than an error: the settings need a signed-in member. */
const expiredPage = () =>
  layout(
    "Link expired",
    `<h1>Link expired</h1><p>${escapeHtml(EXPIRED_LINK)}</p>
<div class="actions"><a class="btn btn-primary" href="${escapeHtml(SIGN_IN_TO_SETTINGS)}">Sign in to manage your mail settings</a></div>`,
  );

/**
 * One-click unsubscribe for alert and digest mails. The link in a mail opens a page with one button
 * (link scanners must not unsubscribe anyone); the button POSTs `List-Unsubscribe=One-Click` to the
 * same address, which is also the RFC 8058 address in the mail's List-Unsubscribe header. Each
 * mail's token names its own list, so it turns off that list only.
 */
export const unsubscribeRoutes = contractRoutes(
  route(page, async (c) => {
    const { list, token } = c.req.valid("param");
    pageHeaders(c);
    const found = await member(c.env, c.req.url, list, token);
    if ("refusal" in found) return c.html(found.refusal.html, found.refusal.status);
    const title = `Unsubscribe from ${WHAT[list].name}?`;
    return c.html(
      layout(
        title,
        `<h1>${escapeHtml(title)}</h1>
<p>Press the button and Coinsight stops sending you ${escapeHtml(WHAT[list].name)}. ${escapeHtml(WHAT[list].other)} You can turn it back on under My Watchlist.</p>
<form method="post" action="${escapeHtml(new URL(c.req.url).pathname)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><div class="actions"><button class="btn btn-primary" type="submit">Unsubscribe</button><a class="btn btn-outline" href="${escapeHtml(SETTINGS)}">Keep it</a></div></form>`,
      ),
      200,
    );
  }),
  route(oneClick, async (c) => {
    const { list, token } = c.req.valid("param");
    pageHeaders(c);
    const found = await member(c.env, c.req.url, list, token);
    if ("refusal" in found) return c.html(found.refusal.html, found.refusal.status);
    await unsubscribeList(getDb(c.env.DB), found.userId, list);
    const title = `Unsubscribed from ${WHAT[list].name}`;
    return c.html(
      layout(
        title,
        `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(WHAT[list].done)} ${escapeHtml(WHAT[list].other)}</p>
<p>Changed your mind? Turn it back on in your mail settings under My Watchlist.</p>
<div class="actions"><a class="btn btn-primary" href="${escapeHtml(SETTINGS)}">Manage mail settings</a><a class="btn btn-outline" href="/">Go to Coinsight</a></div>`,
      ),
      200,
    );
  }),
);
