import { Hono } from "hono";
import type { MailList } from "#schema/contracts/alert-rules.ts";
import { apiContract } from "#schema/contracts/api/index.ts";
import { layout, PAGE_CSP } from "#worker/features/auth/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { getDb } from "#worker/lib/db.ts";
import { escapeHtml } from "#worker/lib/html.ts";
import { route } from "#worker/lib/route.ts";

import { memberOfToken, publicOrigin } from "./links.ts";
import { unsubscribeList } from "./settings.service.ts";

const { alertMailUnsubscribePage: page, alertMailUnsubscribe: oneClick } = apiContract;

const WHAT: Record<MailList, { name: string; done: string }> = {
  digest: { name: "the watchlist digest", done: "You will not receive the watchlist digest any more." },
  "alert-mail": {
    name: "alert emails",
    done: "You will not receive alert emails any more. Your alerts keep running and show under the bell on the site.",
  },
};

const INVALID =
  "This link is not valid. Use the link at the bottom of one of our alert or digest emails, or change your settings on the site.";

/** Token pages: never cached, never leaked through a Referer, with the sign-in pages' strict CSP. */
function pageHeaders(c: { header(name: string, value: string): void }) {
  c.header("cache-control", "no-store");
  c.header("content-security-policy", PAGE_CSP);
  // Not "no-referrer": browsers would send `Origin: null` with the form.
  c.header("referrer-policy", "same-origin");
}

async function member(env: Env, requestUrl: string, token: string): Promise<string | null> {
  const origin = publicOrigin(env, requestUrl) ?? new URL(requestUrl).origin;
  const userId = await memberOfToken(env, origin, token);
  if (!userId) return null;
  const user = await env.DB.prepare("SELECT id FROM users WHERE id = ?1").bind(userId).first<{ id: string }>();
  return user?.id ?? null;
}

/**
 * One-click unsubscribe for alert and digest mails. The link in a mail opens a page with one button
 * (link scanners must not unsubscribe anyone); the button POSTs `List-Unsubscribe=One-Click` to the
 * same address, which is also the RFC 8058 address in the mail's List-Unsubscribe header.
 */
export const unsubscribeRoutes = new Hono<AppEnv>()
  .get(
    "/:list/:token",
    route(page, (c) => {
      const { list } = c.req.valid("param");
      pageHeaders(c);
      const title = `Unsubscribe from ${WHAT[list].name}?`;
      return c.html(
        layout(
          title,
          `<h1>${escapeHtml(title)}</h1>
<p>Press the button and Coinsight stops sending you ${escapeHtml(WHAT[list].name)}. You can turn it back on under My Watchlist.</p>
<form method="post" action="${escapeHtml(new URL(c.req.url).pathname)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><div class="actions"><button class="btn btn-primary" type="submit">Unsubscribe</button><a class="btn btn-outline" href="/markets?tab=watchlist">Keep it</a></div></form>`,
        ),
        200,
      );
    }),
  )
  .post(
    "/:list/:token",
    route(oneClick, async (c) => {
      const { list, token } = c.req.valid("param");
      pageHeaders(c);
      const userId = await member(c.env, c.req.url, token);
      if (!userId) return c.html(layout("Invalid link", `<h1>Invalid link</h1><p>${escapeHtml(INVALID)}</p>`), 404);
      await unsubscribeList(getDb(c.env.DB), userId, list);
      return c.html(
        layout("Unsubscribed", `<h1>Unsubscribed</h1><p>${escapeHtml(WHAT[list].done)}</p><p><a href="/">Go to Coinsight</a></p>`),
        200,
      );
    }),
  );
