import type { Answerer } from "./answer.ts";
import { type AiAnswerRunner, createOpenAiCompatibleAnswerer, createWorkersAiAnswerer } from "./answer-live.ts";
import { createOfflineAnswerer } from "./answer-offline.ts";
import { DEFAULT_OPENAI_MODEL } from "./create-writer.ts";

/** The same choice as the article writer: LLM_BASE_URL, else the AI binding, else offline (README, Configuration). */
export function createAnswerer(env: Pick<Env, "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL" | "AI">): Answerer {
  if (env.LLM_BASE_URL) {
    return createOpenAiCompatibleAnswerer({
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL || DEFAULT_OPENAI_MODEL,
    });
  }
  if (env.AI) return createWorkersAiAnswerer({ ai: env.AI as unknown as AiAnswerRunner, model: env.LLM_MODEL });
  return createOfflineAnswerer();
}
