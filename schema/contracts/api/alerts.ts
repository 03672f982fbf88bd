import {
  alertIdParam,
  alertListSchema,
  alertSchema,
  alertSettingsBody,
  alertSettingsSchema,
  createAlertBody,
  deleteAlertSchema,
  mailUnsubscribeParams,
  markReadBody,
  markReadSchema,
  movePriceBody,
  movePriceSchema,
  notificationListSchema,
  notificationsQuery,
  updateAlertBody,
} from "../alerts.ts";
import { errorBodySchema } from "../error.ts";
import { oneClickForm } from "../newsletter.ts";
import { content, errors, HTML, json, noQuery, type RouteContract } from "./route-contract.ts";

const TAGS = ["Alerts"];

/** Alerts, the bell's notifications, the digest settings and the mails' one-click unsubscribe. */
export const alertsContract = {
  listAlerts: {
    method: "GET",
    path: "/api/alerts",
    summary: "The member's alerts, with what their plan allows",
    tags: TAGS,
    access: "member",
    request: { query: noQuery },
    responses: { 200: json("Alerts, usage and every plan's limit", alertListSchema), ...errors(400, 401) },
  },
  createAlert: {
    method: "POST",
    path: "/api/alerts",
    summary: "Add an alert on a coin",
    description:
      "Kinds: `price_above` / `price_below` (USD), `move_24h` (percent, either way), `sentiment_shift` (points of the " +
      "0-100 sentiment score in a day), `new_article` (no threshold). 402 names the plan that holds more alerts.",
    tags: TAGS,
    access: "member",
    request: { body: createAlertBody },
    responses: {
      201: json("Added", alertSchema),
      ...errors(400, 401, 403, 404, 413),
      402: { description: "The plan's limit is reached; the message names the plan that allows more", schema: errorBodySchema },
      409: { description: "The same alert exists, or the largest plan's limit is reached", schema: errorBodySchema },
    },
  },
  updateAlert: {
    method: "PATCH",
    path: "/api/alerts/:id",
    summary: "Change an alert's threshold, pause or resume it",
    tags: TAGS,
    access: "member",
    request: { params: alertIdParam, body: updateAlertBody },
    responses: { 200: json("The alert after the change", alertSchema), ...errors(400, 401, 403, 404, 409, 413) },
  },
  deleteAlert: {
    method: "DELETE",
    path: "/api/alerts/:id",
    summary: "Delete an alert",
    tags: TAGS,
    access: "member",
    request: { params: alertIdParam },
    responses: { 200: json("Deleted", deleteAlertSchema), ...errors(400, 401, 403, 404, 413) },
  },
  getAlertSettings: {
    method: "GET",
    path: "/api/alerts/settings",
    summary: "Alert mails and the watchlist digest",
    tags: TAGS,
    access: "member",
    request: { query: noQuery },
    responses: { 200: json("The settings", alertSettingsSchema), ...errors(400, 401) },
  },
  updateAlertSettings: {
    method: "PUT",
    path: "/api/alerts/settings",
    summary: "Turn alert mails or the digest (daily, weekly) on or off",
    tags: TAGS,
    access: "member",
    request: { body: alertSettingsBody },
    responses: { 200: json("The settings after the change", alertSettingsSchema), ...errors(400, 401, 403, 413) },
  },
  listNotifications: {
    method: "GET",
    path: "/api/notifications",
    summary: "The bell: the member's newest alert events and the unread count",
    tags: TAGS,
    access: "member",
    request: { query: notificationsQuery },
    responses: { 200: json("Newest first", notificationListSchema), ...errors(400, 401) },
  },
  markNotificationsRead: {
    method: "POST",
    path: "/api/notifications/read",
    summary: "Mark some or all notifications read",
    tags: TAGS,
    access: "member",
    request: { body: markReadBody },
    responses: { 200: json("The unread count after the change", markReadSchema), ...errors(400, 401, 403, 413) },
  },
  alertMailUnsubscribePage: {
    method: "GET",
    path: "/api/alerts/unsubscribe/:list/:token",
    summary: "The page a reader opens from an alert or digest mail (asks before it unsubscribes)",
    tags: TAGS,
    access: "public",
    request: { params: mailUnsubscribeParams },
    responses: { 200: content("A page with one button", HTML), ...errors(400) },
  },
  alertMailUnsubscribe: {
    method: "POST",
    path: "/api/alerts/unsubscribe/:list/:token",
    summary: "RFC 8058 one-click unsubscribe from the digest or from alert mails (the page's button and mail providers)",
    description: "`list` is `digest` or `alert-mail`; the token is the only credential (exempt from the same-origin guard).",
    tags: TAGS,
    access: "public",
    request: { params: mailUnsubscribeParams, body: oneClickForm, bodyType: "form" },
    responses: {
      200: content("Unsubscribed (a page saying so)", HTML),
      400: { description: "An invalid request", contentType: HTML, schema: errorBodySchema },
      404: content("The link is not valid", HTML),
      ...errors(413),
    },
  },
  devMovePrice: {
    method: "POST",
    path: "/api/dev/alerts/move-price",
    summary: "Local runs only: move one coin's offline price by a percentage and tick",
    description: "404 unless APP_ENV is development or test. The end-to-end journey moves a price across an alert with it.",
    tags: ["Local development"],
    access: "public",
    request: { body: movePriceBody },
    responses: { 200: json("The coin's new price and how many alerts fired", movePriceSchema), ...errors(400, 403, 404, 413, 503) },
  },
} as const satisfies Record<string, RouteContract>;

export type AlertsContract = typeof alertsContract;
