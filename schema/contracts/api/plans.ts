import { storedAnswersQuery, storedAnswersSchema } from "../ask.ts";
import { billingAccountSchema, testPortalPlanParam } from "../billing.ts";
import { errors, json, type RouteContract, redirect } from "./route-contract.ts";

/** What a member reads about their plan beyond the allowance: kept answers, payments, and the local test portal's changes. */
export const plansContract = {
  listStoredAnswers: {
    method: "GET",
    path: "/api/ask-coinsight/answers",
    summary: "The member's Ask Coinsight answers about one coin from the last 24 hours",
    description: "The last answer per question type, so a paid answer stays readable after a reload. Reading them is free.",
    tags: ["Ask"],
    access: "member",
    request: { query: storedAnswersQuery },
    responses: { 200: json("The kept answers", storedAnswersSchema), ...errors(400, 401) },
  },
  getBillingAccount: {
    method: "GET",
    path: "/api/billing/account",
    summary: "The member's payments and their paid plan as the payment provider holds it",
    description: "Live from Stripe's invoices and payment intents; offline from the local test checkout's records.",
    tags: ["Billing"],
    access: "member",
    responses: { 200: json("Payments (newest first) and the plan's renewal or cancellation", billingAccountSchema), ...errors(401) },
  },
  cancelTestSubscriptionAtPeriodEnd: {
    method: "POST",
    path: "/api/billing/test-portal/cancel-at-period-end",
    summary: "Cancel the plan at the end of its period in the local test portal",
    tags: ["Billing"],
    access: "member",
    responses: { 303: redirect("Back to the account page"), ...errors(401, 403, 404, 413) },
  },
  resumeTestSubscription: {
    method: "POST",
    path: "/api/billing/test-portal/resume",
    summary: "Undo a cancellation at the period's end in the local test portal",
    tags: ["Billing"],
    access: "member",
    responses: { 303: redirect("Back to the account page"), ...errors(401, 403, 404, 413) },
  },
  changeTestPlan: {
    method: "POST",
    path: "/api/billing/test-portal/plan/:tier",
    summary: "Change plan in the local test portal",
    tags: ["Billing"],
    access: "member",
    request: { params: testPortalPlanParam },
    responses: { 303: redirect("Back to the account page"), ...errors(400, 401, 403, 404, 413) },
  },
} as const satisfies Record<string, RouteContract>;
