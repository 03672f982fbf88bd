import { z } from "zod";
import {
  type AskPlan,
  PLAN_INTENTS,
  PLAN_MAX_COINS,
  PLAN_METRICS,
  PLAN_PERIODS,
  REFUSAL_REASONS,
  SCREEN_ORDERS,
} from "#schema/contracts/ask-plan.ts";
import { UpstreamError } from "#worker/ports/port.ts";
import { type ChatEndpoint, postChatCompletion, withTimeout } from "./http.ts";
import type { ChatMessage } from "./prompt.ts";
import type { AiRunner } from "./workers-ai.ts";
import { DEFAULT_WORKERS_AI_MODEL } from "./workers-ai.ts";

/**
 * What a model proposes for a free-text Ask question (issue 43): the plan's fields with the coins as
 * the member wrote them. The server resolves the coins against its own market table, writes the
 * summary and checks the result with askPlanSchema (worker/features/ask/plan/model-plan.ts); a model
 * never names a coin id, and nothing it proposes is used unchecked.
 */
export const proposalSchema = z
  .object({
    kind: z.enum(["plan", "refusal"]),
    intent: z.enum(PLAN_INTENTS).nullable(),
    /** Names or tickers as written ("sol", "Ethereum"); empty for the watchlist or a screen. */
    coins: z.array(z.string().min(1).max(80)).max(PLAN_MAX_COINS),
    /** The question is about the member's own watchlist ("my coins"). */
    watchlist: z.boolean(),
    period: z.enum(PLAN_PERIODS).nullable(),
    metric: z.enum(PLAN_METRICS).nullable(),
    screen: z
      .object({
        universe: z.number().int().min(1).max(500).nullable(),
        order: z.enum(SCREEN_ORDERS),
        limit: z.number().int().min(1).max(100),
      })
      .strict()
      .nullable(),
    refusal: z.enum(REFUSAL_REASONS).nullable(),
  })
  .strict();
export type Proposal = z.infer<typeof proposalSchema>;

/** The JSON Schema both live adapters ask their model to answer in (strict: every field, nothing else). */
const PROPOSAL_JSON_SCHEMA = z.toJSONSchema(proposalSchema, { target: "draft-7" });

/** A model's answer that is not a proposal (not JSON, or outside the schema): the caller plans offline instead. */
export class ProposalFormatError extends Error {
  override name = "ProposalFormatError";
}

export interface PlanProposer {
  readonly source: string;
  readonly model: string;
  propose(question: string, previous: AskPlan | null): Promise<Proposal>;
}

const SYSTEM = [
  "You turn a reader's question about the crypto market into a plan for Coinsight, which answers only from its own recorded figures.",
  "Answer with one JSON object in the given schema, nothing else.",
  "Intents: about (what a coin is, its figures now), movement (how a coin's price moved over a period), range (its price against its highs and lows),",
  "sentiment (its social mood), news (Coinsight's articles about it), compare (two to five named coins), screen (rank the top N coins by market cap,",
  "or the reader's watchlist, by a metric), watchlist (how the reader's own coins did).",
  "Periods: 1h, 24h, 7d, 30d, 1y; round a span up to the period that covers it. Coins: as the reader wrote them, without inventing any.",
  "Refuse (kind refusal, with its reason) advice (what to buy, sell or hold), predictions (future prices), other assets (stocks, metals, currencies)",
  "and on-chain data (wallets, fees, whales, TVL); use unknown when no coin or question can be read.",
  "For a follow-up, the previous plan is given: keep its coins and period unless the question changes them.",
].join(" ");

function messages(question: string, previous: AskPlan | null): ChatMessage[] {
  const user = previous
    ? `Previous plan: ${JSON.stringify({ ...previous, coins: previous.coins.map((c) => c.name) })}\nQuestion: ${question}`
    : `Question: ${question}`;
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: user },
  ];
}

function parseProposal(content: unknown): Proposal {
  let value = content;
  if (typeof content === "string") {
    try {
      value = JSON.parse(content);
    } catch {
      throw new ProposalFormatError("The model's plan is not JSON");
    }
  }
  const parsed = proposalSchema.safeParse(value);
  if (!parsed.success) throw new ProposalFormatError(`The model's plan is outside the schema: ${parsed.error.issues[0]?.message ?? ""}`);
  return parsed.data;
}

const MAX_TOKENS = 300;
/** A plan is a short structured answer: a member waits for it before the answer starts. */
const TIMEOUT_MS = 10_000;
const completionSchema = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1) });

/** Any OpenAI-compatible `/chat/completions` endpoint, with structured outputs (`response_format: json_schema`, strict). */
export function createOpenAiPlanProposer(options: ChatEndpoint & { model: string }): PlanProposer {
  return {
    source: "openai-compatible",
    model: options.model,
    async propose(question, previous) {
      const body = {
        model: options.model,
        messages: messages(question, previous),
        temperature: 0,
        max_tokens: MAX_TOKENS,
        response_format: { type: "json_schema", json_schema: { name: "ask_plan", strict: true, schema: PROPOSAL_JSON_SCHEMA } },
      };
      const res = await postChatCompletion(options, body, "application/json", TIMEOUT_MS);
      const parsed = completionSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new UpstreamError("LLM endpoint answered an unexpected shape");
      return parseProposal(parsed.data.choices[0]?.message.content ?? "");
    },
  };
}

/** Workers AI through the `AI` binding, in its JSON mode (`response` is the parsed object). */
export function createWorkersAiPlanProposer(options: { ai: AiRunner; model?: string | undefined }): PlanProposer {
  const model = options.model || DEFAULT_WORKERS_AI_MODEL;
  return {
    source: "workers-ai",
    model,
    async propose(question, previous) {
      let answer: unknown;
      try {
        answer = await withTimeout(
          options.ai.run(model, {
            messages: messages(question, previous),
            max_tokens: MAX_TOKENS,
            temperature: 0,
            response_format: { type: "json_schema", json_schema: PROPOSAL_JSON_SCHEMA },
          }),
          TIMEOUT_MS,
          "Workers AI",
        );
      } catch (err) {
        throw new UpstreamError(`Workers AI failed: ${(err as Error).message}`);
      }
      const response = (answer as { response?: unknown } | null)?.response;
      if (response === undefined) throw new UpstreamError("Workers AI answered without a response");
      return parseProposal(response);
    },
  };
}
