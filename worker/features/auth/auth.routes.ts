import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { validator } from "hono/validator";
import { apiContract } from "#schema/contracts/api/index.ts";
import { SESSION_COOKIE } from "#schema/contracts/cookies.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { currentUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { logger } from "#worker/lib/log.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { randomToken } from "#worker/lib/secrets.ts";
import { clearSessionCookies, readCookie, revokeSession, verifySessionToken, writeSessionCookie } from "#worker/lib/session.ts";
import { describeValidation } from "#worker/lib/validate.ts";
import { createIdentity } from "#worker/ports/identity/create-identity.ts";
import { IdentityError, type IdentityFailure, type IdentityPort, type VerifiedIdentity } from "#worker/ports/identity/identity.ts";
import { adminEmails, signIn } from "./auth.service.ts";
import { messagePage, PAGE_CSP, type SignInFormState, signInPage, signOutPage } from "./pages.ts";
import { refererPath, safeReturnTo } from "./return-to.ts";
import { savePendingSignIn, takePendingSignIn } from "./sign-in-state.ts";

type Ctx = Context<AppEnv>;

const FAILURE_STATUS: Record<IdentityFailure, ContentfulStatusCode> = {
  unavailable: 503,
  unreachable: 502,
  "token-exchange": 502,
  "provider-error": 400,
  state: 400,
  "id-token": 400,
  nonce: 400,
  email: 400,
  disabled: 403,
  "email-taken": 409,
};

function origin(c: Ctx): string {
  return new URL(c.req.url).origin;
}

function redirectUri(c: Ctx): string {
  const base = URL.parse(c.env.PUBLIC_ORIGIN ?? "")?.origin ?? origin(c);
  return `${base}/api/callback`;
}

function page(c: Ctx, html: string, status: ContentfulStatusCode = 200): Response {
  c.header("content-security-policy", PAGE_CSP);
  c.header("cache-control", "no-store");
  // "no-referrer" would make browsers send `Origin: null` with the form, which the origin check refuses.
  c.header("referrer-policy", "same-origin");
  return c.html(html, status);
}

function refused(c: Ctx, err: IdentityError, retryTo = "/"): Response {
  logger("auth", c.get("requestId")).warn("sign-in refused", { reason: err.reason, detail: err.detail });
  const action =
    err.reason === "unavailable"
      ? undefined
      : { href: `/api/login?returnTo=${encodeURIComponent(retryTo)}`, label: "Try signing in again" };
  return page(c, messagePage("Sign-in failed", err.message, action), FAILURE_STATUS[err.reason]);
}

function identityOrRefusal(c: Ctx): IdentityPort | Response {
  try {
    return createIdentity(c.env, c.req.url);
  } catch (err) {
    if (err instanceof IdentityError) return refused(c, err);
    throw err;
  }
}

/** Revokes the session the browser holds (even one that is about to expire) and drops the cookie. */
async function endSession(c: Ctx): Promise<void> {
  const token = readCookie(c, SESSION_COOKIE);
  if (!token) return;
  clearSessionCookies(c);
  const claims = await verifySessionToken(c.env, token, c.req.url);
  if (claims) await revokeSession(getDb(c.env.DB), claims.sid);
}

/** A fresh session for every sign-in (the old one is revoked: no session fixation). */
async function finishSignIn(c: Ctx, identity: VerifiedIdentity, returnTo: string, status: 302 | 303): Promise<Response> {
  try {
    await endSession(c);
    const { user, session } = await signIn(getDb(c.env.DB), identity, { adminEmails: adminEmails(c.env.ADMIN_EMAILS) });
    await writeSessionCookie(c, { id: session.id, userId: user.id, expiresAt: session.expiresAt });
    c.header("cache-control", "no-store");
    return c.redirect(returnTo, status);
  } catch (err) {
    if (err instanceof IdentityError) return refused(c, err, returnTo);
    throw err;
  }
}

/** The local form's values as typed, to show them again next to its errors. */
function typed(form: Record<string, unknown>): NonNullable<SignInFormState["values"]> {
  const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 254) : "");
  return { email: text(form.email), firstName: text(form.firstName), lastName: text(form.lastName) };
}

const offlineOnly = createMiddleware<AppEnv>(async (c, next) => {
  const identity = identityOrRefusal(c);
  if (identity instanceof Response) return identity;
  if (identity.kind !== "offline") {
    return page(
      c,
      messagePage("Sign-in failed", "This site signs you in through its identity provider.", { href: "/api/login", label: "Sign in" }),
      404,
    );
  }
  await next();
});

const signInForm = validator("form", async (value, c: Ctx) => {
  const result = await apiContract.signIn.request.body.safeParseAsync(value);
  if (result.success) return result.data;
  const errors: SignInFormState["errors"] = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (key === "email" || key === "firstName" || key === "lastName") errors[key] ??= issue.message;
    else errors.form ??= "Please try again.";
  }
  const returnTo = safeReturnTo(typeof value.returnTo === "string" ? value.returnTo : undefined, origin(c));
  return page(c, signInPage({ returnTo, values: typed(value), errors }), 400);
});
// It answers the form again rather than the JSON 400, but validates with the contract's schema all the same.
describeValidation(signInForm, "form", apiContract.signIn.request.body);

export const authRoutes = contractRoutes(
  route(apiContract.signInPage, async (c) => {
    const here = origin(c);
    const returnTo = safeReturnTo(c.req.valid("query").returnTo ?? refererPath(c.req.header("referer"), here), here);
    const identity = identityOrRefusal(c);
    if (identity instanceof Response) return identity;
    if (identity.kind === "offline") return page(c, signInPage({ returnTo }));
    try {
      const pending = { state: randomToken(), nonce: randomToken(), codeVerifier: randomToken(48), returnTo };
      const url = await identity.authorizationUrl(pending, redirectUri(c));
      await savePendingSignIn(c, pending);
      c.header("cache-control", "no-store");
      return c.redirect(url, 302);
    } catch (err) {
      if (err instanceof IdentityError) return refused(c, err, returnTo);
      throw err;
    }
  }),
  [
    offlineOnly,
    signInForm,
    route(
      apiContract.signIn,
      async (c) => {
        const { email, firstName, lastName, returnTo } = c.req.valid("form");
        const identity = identityOrRefusal(c);
        if (identity instanceof Response || identity.kind !== "offline") throw new Error("offlineOnly let a live identity through");
        return finishSignIn(c, identity.identify({ email, firstName, lastName }), safeReturnTo(returnTo, origin(c)), 303);
      },
      // signInForm validates the body with the entry's schema, answering the form again rather than the JSON 400.
      { skipValidation: ["body"] },
    ),
  ],
  route(apiContract.signInCallback, async (c) => {
    const pending = await takePendingSignIn(c);
    const identity = identityOrRefusal(c);
    if (identity instanceof Response) return identity;
    if (identity.kind !== "oidc") return page(c, messagePage("Sign-in failed", "There is no sign-in in progress."), 404);
    if (!pending) {
      return refused(
        c,
        new IdentityError("state", "Your sign-in expired or was started in another browser. Please sign in again.", "no pending sign-in"),
      );
    }
    try {
      const verified = await identity.complete(new URL(c.req.url).searchParams, pending, redirectUri(c));
      return await finishSignIn(c, verified, pending.returnTo, 302);
    } catch (err) {
      if (err instanceof IdentityError) return refused(c, err, pending.returnTo);
      throw err;
    }
  }),
  route(apiContract.signOutPage, async (c) => {
    // Only the reader following a link on this site signs out here: a link from another site, an
    // <img src="/api/logout"> in content, a fetch or a frame gets the confirmation page (logout CSRF).
    const topLevelSameOrigin =
      c.req.method === "GET" &&
      c.req.header("sec-fetch-site") === "same-origin" &&
      c.req.header("sec-fetch-mode") === "navigate" &&
      c.req.header("sec-fetch-dest") === "document";
    if (!topLevelSameOrigin) return page(c, signOutPage());
    await endSession(c);
    c.header("cache-control", "no-store");
    return c.redirect("/", 302);
  }),
  route(apiContract.signOut, async (c) => {
    await endSession(c);
    return c.redirect("/", 303);
  }),
  route(apiContract.getCurrentUser, (c) => c.json(currentUser(c), 200)),
);
