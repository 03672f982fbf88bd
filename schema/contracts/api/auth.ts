import { authUserSchema, callbackQuery, offlineSignInForm, returnToQuery } from "../auth.ts";
import { errorBodySchema } from "../error.ts";
import { content, errors, HTML, json, type RouteContract, redirect } from "./route-contract.ts";

/** An HTML page for browsers; a JSON error body when the guard or validator refused first. */
const pageOrError = (description: string) => ({ description, contentType: HTML, schema: errorBodySchema });

/** Signing in and out (full-page navigations) and the signed-in member. */
export const authContract = {
  signInPage: {
    method: "GET",
    path: "/api/login",
    summary: "Start signing in",
    description: "Offline: the local sign-in form. With an identity provider: a redirect to it.",
    tags: ["Sign-in"],
    access: "public",
    request: { query: returnToQuery },
    responses: {
      200: content("The local sign-in form", HTML),
      302: redirect("To the identity provider"),
      400: pageOrError("An invalid query (JSON), or the sign-in failed (page)"),
      502: content("The identity provider could not be reached", HTML),
      503: content("Sign-in is not configured", HTML),
    },
  },
  signIn: {
    method: "POST",
    path: "/api/login",
    summary: "Sign in with the local form (offline identity only)",
    tags: ["Sign-in"],
    access: "public",
    request: { body: offlineSignInForm, bodyType: "form" },
    responses: {
      303: redirect("Signed in: to `returnTo`, with the session cookie"),
      400: pageOrError("The form again, with its errors"),
      403: pageOrError("The account is disabled (page), or a write from another site (JSON)"),
      404: content("This site signs in through its identity provider", HTML),
      409: content("The email belongs to another account", HTML),
      ...errors(413),
      503: content("Sign-in is not configured", HTML),
    },
  },
  signInCallback: {
    method: "GET",
    path: "/api/callback",
    summary: "The identity provider's redirect back",
    tags: ["Sign-in"],
    access: "public",
    request: { query: callbackQuery },
    responses: {
      302: redirect("Signed in: to the page the sign-in started from"),
      400: pageOrError("An invalid query (JSON), or the provider's answer was refused (page)"),
      403: content("The account is disabled", HTML),
      404: content("There is no sign-in in progress", HTML),
      409: content("The email belongs to another account", HTML),
      502: content("The provider could not be reached", HTML),
      503: content("Sign-in is not configured", HTML),
    },
  },
  signOutPage: {
    method: "GET",
    path: "/api/logout",
    summary: "Sign out (a same-site link), or the confirmation page",
    tags: ["Sign-in"],
    access: "public",
    responses: {
      200: content("The sign-out confirmation page (anything but a top-level same-site navigation)", HTML),
      302: redirect("Signed out: to the home page"),
    },
  },
  signOut: {
    method: "POST",
    path: "/api/logout",
    summary: "Sign out",
    tags: ["Sign-in"],
    access: "public",
    responses: { 303: redirect("Signed out: to the home page"), ...errors(403, 413) },
  },
  getCurrentUser: {
    method: "GET",
    path: "/api/auth/user",
    summary: "The signed-in member",
    tags: ["Account"],
    access: "member",
    responses: { 200: json("The member", authUserSchema), ...errors(401) },
  },
} as const satisfies Record<string, RouteContract>;
