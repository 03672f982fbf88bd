import {
  askNotFoundSchema,
  askRefusalSchema,
  askRequestSchema,
  askResponseSchema,
  storedAnswersQuery,
  storedAnswersSchema,
} from "../ask.ts";
import {
  askFreeRequestSchema,
  askFreeResponseSchema,
  askHistoryDeletedSchema,
  askHistoryParams,
  askHistoryQuery,
  askHistorySchema,
} from "../ask-free.ts";
import { askPlanAnswerSchema, askPlanRequestSchema } from "../ask-plan.ts";
import { errors, json, type RouteContract } from "./route-contract.ts";

/** Ask Coinsight and the member's kept answers. */
export const askContract = {
  askCoinsight: {
    method: "POST",
    path: "/api/ask-coinsight",
    summary: "Ask Coinsight a question about a coin",
    description:
      "JSON by default. With `Accept: text/event-stream` the answer streams as `delta` events (`reset` when an attempt " +
      "is thrown away) and ends with `done` (the JSON answer) or `error` (the 503 body). Only `about` is free.",
    tags: ["Ask"],
    access: "public",
    request: { body: askRequestSchema },
    responses: {
      200: { description: "The answer (JSON, or an event stream)", schema: askResponseSchema, contentType: "text/event-stream" },
      ...errors(400, 403, 413),
      404: json("Unknown coin, or too little data to answer (nothing is counted; with the member's plan)", askNotFoundSchema),
      402: json("A paid plan or more queries are needed (with the member's plan)", askRefusalSchema),
      429: json("Too many questions (with the member's plan)", askRefusalSchema),
      503: json("No usable answer could be written (the unit is given back)", askRefusalSchema),
    },
  },
  planAskQuestion: {
    method: "POST",
    path: "/api/ask-coinsight/plan",
    summary: "Turn a free-text question into the plan Ask Coinsight would answer",
    description:
      "The question's intent, coins, period and metric, with a summary to show above the answer, or a kind refusal " +
      "for questions the site cannot answer from its figures (advice, predictions, other assets, on-chain data). " +
      "Planning is free and counts against no quota; `previous` is the plan of the turn before, for a follow-up.",
    tags: ["Ask"],
    access: "public",
    request: { body: askPlanRequestSchema },
    responses: { 200: json("The plan, or a refusal", askPlanAnswerSchema), ...errors(400, 403, 413) },
  },
  answerAskPlan: {
    method: "POST",
    path: "/api/ask-coinsight/answer",
    summary: "Answer a free-text question from its plan",
    description:
      "The question and the plan /plan returned (perhaps corrected by the member). The plan is checked again and its coins " +
      "looked up in the current prices. JSON by default; with `Accept: text/event-stream` the server's tables come first " +
      "(`table` events), then the text as `delta` events (`reset` when an attempt is thrown away), ending with `done` (the " +
      "JSON answer) or `error` (the 503 body). An `about` plan costs what the card's free `about` question costs; every other " +
      "answered plan counts as one question. A plan the data cannot answer, or a failed answer, is not counted. " +
      "docs/decisions/ask/free-text-quota.md.",
    tags: ["Ask"],
    access: "public",
    request: { body: askFreeRequestSchema },
    responses: {
      200: { description: "The answer (JSON, or an event stream)", schema: askFreeResponseSchema, contentType: "text/event-stream" },
      ...errors(400, 403, 413),
      401: json("A watchlist plan needs a signed-in member (nothing is counted)", askRefusalSchema),
      404: json("A coin no longer tracked, or too little data to answer (nothing is counted; with the member's plan)", askNotFoundSchema),
      402: json("A paid plan or more queries are needed (with the member's plan)", askRefusalSchema),
      429: json("Too many questions (with the member's plan)", askRefusalSchema),
      503: json("No usable answer could be written (the unit is given back)", askRefusalSchema),
    },
  },
  listAskHistory: {
    method: "GET",
    path: "/api/ask-coinsight/history",
    summary: "The member's free-text questions and their answers, newest first",
    description: "Pages of at most 50; pass a page's `nextBefore` as `before` for the next. Reading them is free.",
    tags: ["Ask"],
    access: "member",
    request: { query: askHistoryQuery },
    responses: { 200: json("The member's questions and answers", askHistorySchema), ...errors(400, 401) },
  },
  deleteAskHistoryEntry: {
    method: "DELETE",
    path: "/api/ask-coinsight/history/:id",
    summary: "Delete one of the member's free-text questions and its answer",
    description: "Only the member's own: another member's id is 404.",
    tags: ["Ask"],
    access: "member",
    request: { params: askHistoryParams },
    responses: { 200: json("Deleted", askHistoryDeletedSchema), ...errors(400, 401, 403, 404, 413) },
  },
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
} as const satisfies Record<string, RouteContract>;
