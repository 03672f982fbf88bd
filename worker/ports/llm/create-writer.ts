import { liveWhenSet } from "#worker/ports/port.ts";
import type { ArticleWriter } from "./llm.ts";
import { createOfflineWriter } from "./offline.ts";
import { createOpenAiCompatibleWriter } from "./openai-compatible.ts";
import { type AiRunner, createWorkersAiWriter } from "./workers-ai.ts";

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

type LlmEnv = Pick<Env, "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL" | "AI">;

/**
 * The one LLM choice, for the article writer and Ask's answerer alike: an OpenAI-compatible
 * endpoint when LLM_BASE_URL is set, else Workers AI when the AI binding exists, else offline
 * (README, Configuration).
 */
export function chooseLlm<T>(
  env: LlmEnv,
  adapters: {
    openAi: (config: { baseUrl: string; apiKey: string | undefined; model: string }) => T;
    workersAi: (config: { ai: NonNullable<Env["AI"]>; model: string | undefined }) => T;
    offline: () => T;
  },
): T {
  return liveWhenSet(
    env.LLM_BASE_URL,
    (baseUrl) => adapters.openAi({ baseUrl, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL || DEFAULT_OPENAI_MODEL }),
    () => (env.AI ? adapters.workersAi({ ai: env.AI, model: env.LLM_MODEL }) : adapters.offline()),
  );
}

export function createArticleWriter(env: LlmEnv): ArticleWriter {
  return chooseLlm(env, {
    openAi: createOpenAiCompatibleWriter,
    // Ai.run is typed per model; text-generation models all take { messages } and answer { response }.
    workersAi: ({ ai, model }) => createWorkersAiWriter({ ai: ai as unknown as AiRunner, model }),
    offline: createOfflineWriter,
  });
}
