import type { ArticleWriter } from "./llm.ts";
import { createOfflineWriter } from "./offline.ts";
import { createOpenAiCompatibleWriter } from "./openai-compatible.ts";
import { type AiRunner, createWorkersAiWriter } from "./workers-ai.ts";

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

/**
 * An OpenAI-compatible endpoint when LLM_BASE_URL is set, else Workers AI when the AI binding
 * exists, else the offline template writer (README, Configuration).
 */
export function createArticleWriter(env: Pick<Env, "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL" | "AI">): ArticleWriter {
  if (env.LLM_BASE_URL) {
    return createOpenAiCompatibleWriter({
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL || DEFAULT_OPENAI_MODEL,
    });
  }
  // Ai.run is typed per model; text-generation models all take { messages } and answer { response }.
  if (env.AI) return createWorkersAiWriter({ ai: env.AI as unknown as AiRunner, model: env.LLM_MODEL });
  return createOfflineWriter();
}
