import {
  askNotFoundSchema,
  askRefusalSchema,
  askRequestSchema,
  askResponseSchema,
  storedAnswersQuery,
  storedAnswersSchema,
} from "../ask.ts";
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
