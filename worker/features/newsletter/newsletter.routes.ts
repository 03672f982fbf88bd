import { apiContract } from "#schema/contracts/api/index.ts";
import { CONFIRM_QUERY_PARAM } from "#schema/contracts/newsletter-confirm.ts";
import { layout, PAGE_CSP } from "#worker/features/auth/index.ts";
import { escapeHtml } from "#worker/lib/html.ts";
import { clientAddress } from "#worker/lib/rate-limit.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { publicOrigin } from "./links.ts";
import { confirm, subscribe, unsubscribe } from "./subscribers.service.ts";

const {
  subscribeNewsletter,
  newsletterConfirmPage,
  confirmNewsletter,
  unsubscribeNewsletter,
  oneClickUnsubscribe,
  oneClickUnsubscribePage,
} = apiContract;

/** Token links must never be cached, nor leak through a Referer. */
function private_(c: { header(name: string, value: string): void }) {
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
}

/** Tokens are read with the key for the origin the links point to (as they were sealed). */
function unsubscribeDeps(c: { env: Env; req: { url: string } }) {
  return { db: c.env.DB, keys: c.env, origin: publicOrigin(c.env, c.req.url) ?? new URL(c.req.url).origin };
}

export const newsletterRoutes = contractRoutes(
  route(subscribeNewsletter, async (c) => {
    const origin = publicOrigin(c.env, c.req.url) ?? new URL(c.req.url).origin;
    const result = await subscribe(
      { db: c.env.DB, queue: c.env.MAIL_QUEUE, keys: c.env },
      { email: c.req.valid("json").email, clientKey: clientAddress(c.req.raw.headers), origin },
    );
    return c.json(result, 200);
  }),
  // The link in the confirmation mail opens a page with a button: link scanners and prefetchers
  // (GET, HEAD) must never confirm on the reader's behalf. The button POSTs back here.
  route(newsletterConfirmPage, (c) => {
    private_(c);
    c.header("content-security-policy", PAGE_CSP);
    // Not "no-referrer": browsers would send `Origin: null` with the form, and the form carries the token anyway.
    c.header("referrer-policy", "same-origin");
    return c.html(confirmPage(new URL(c.req.url).pathname), 200);
  }),
  route(confirmNewsletter, async (c) => {
    const outcome = await confirm(c.env.DB, c.req.valid("param").token);
    private_(c);
    return c.redirect(`/?${CONFIRM_QUERY_PARAM}=${outcome}`, 303);
  }),
  // The /unsubscribe page calls this once the reader presses its button (never on page load).
  route(unsubscribeNewsletter, async (c) => {
    private_(c);
    return c.json(await unsubscribe(unsubscribeDeps(c), c.req.valid("param").token), 200);
  }),
  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` here, without cookies or an
  // Origin; the token is the only credential. Any cross-origin guard must let exactly this path through.
  route(oneClickUnsubscribe, async (c) => {
    const { success, message } = await unsubscribe(unsubscribeDeps(c), c.req.valid("param").token);
    private_(c);
    return c.json({ success, message }, 200);
  }),
  // A plain GET of the List-Unsubscribe address (some clients open it in a browser) must not
  // unsubscribe by itself: it goes to the page, which asks the API.
  route(oneClickUnsubscribePage, (c) => {
    private_(c);
    return c.redirect(`/unsubscribe?token=${encodeURIComponent(c.req.valid("param").token)}`, 303);
  }),
);

function confirmPage(action: string): string {
  return layout(
    "Confirm your subscription",
    `<h1>Confirm your subscription</h1>
<p>Press the button to start receiving the Coinsight newsletter (the Daily Roundup, every morning).</p>
<form method="post" action="${escapeHtml(action)}"><div class="actions"><button class="btn btn-primary" type="submit">Confirm subscription</button><a class="btn btn-outline" href="/">Not now</a></div></form>`,
  );
}
