import { newsletterTokenParam, oneClickForm, subscribeRequest, subscribeResponse, unsubscribeResponse } from "../newsletter.ts";
import { content, errors, HTML, json, type RouteContract, redirect } from "./route-contract.ts";

/** The newsletter: double opt-in and one-click unsubscribe. */
export const newsletterContract = {
  subscribeNewsletter: {
    method: "POST",
    path: "/api/newsletter/subscribe",
    summary: "Subscribe to the newsletter (sends a confirmation mail)",
    tags: ["Newsletter"],
    access: "public",
    request: { body: subscribeRequest },
    responses: { 200: json("What the form says next", subscribeResponse), ...errors(400, 403, 409, 413, 429) },
  },
  newsletterConfirmPage: {
    method: "GET",
    path: "/api/newsletter/confirm/:token",
    summary: "The confirmation mail's link: a page with a Confirm button",
    tags: ["Newsletter"],
    access: "public",
    request: { params: newsletterTokenParam },
    responses: { 200: content("The confirmation page (link scanners never confirm)", HTML), ...errors(400) },
  },
  confirmNewsletter: {
    method: "POST",
    path: "/api/newsletter/confirm/:token",
    summary: "Confirm a subscription",
    tags: ["Newsletter"],
    access: "public",
    request: { params: newsletterTokenParam },
    responses: { 303: redirect("To `/?newsletter=confirmed|expired|invalid`"), ...errors(400, 403, 413) },
  },
  unsubscribeNewsletter: {
    method: "POST",
    path: "/api/newsletter/unsubscribe/:token",
    summary: "Unsubscribe (the /unsubscribe page's button)",
    description: "The token is the one in a newsletter mail; it works for 180 days (410 after, with a message saying so).",
    tags: ["Newsletter"],
    access: "public",
    request: { params: newsletterTokenParam },
    responses: { 200: json("Unsubscribed, or what went wrong", unsubscribeResponse), ...errors(400, 403, 404, 410, 413) },
  },
  oneClickUnsubscribe: {
    method: "POST",
    path: "/api/newsletter/one-click/:token",
    summary: "RFC 8058 one-click unsubscribe (mail providers; the token is the credential)",
    tags: ["Newsletter"],
    access: "public",
    // RFC 8058: mail providers POST it without cookies or an Origin; the token is the credential.
    selfAuthenticating: true,
    request: { params: newsletterTokenParam, body: oneClickForm, bodyType: "form" },
    responses: { 200: json("Unsubscribed, or what went wrong", subscribeResponse), ...errors(400, 404, 410, 413) },
  },
  oneClickUnsubscribePage: {
    method: "GET",
    path: "/api/newsletter/one-click/:token",
    summary: "A browser opening the List-Unsubscribe address",
    tags: ["Newsletter"],
    access: "public",
    request: { params: newsletterTokenParam },
    responses: { 303: redirect("To the /unsubscribe page, which asks first"), ...errors(400) },
  },
} as const satisfies Record<string, RouteContract>;
