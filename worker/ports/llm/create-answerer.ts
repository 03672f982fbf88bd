import type { Answerer } from "./answer.ts";
import { type AiAnswerRunner, createOpenAiCompatibleAnswerer, createWorkersAiAnswerer } from "./answer-live.ts";
import { createOfflineAnswerer } from "./answer-offline.ts";
import { chooseLlm } from "./create-writer.ts";

/** The same choice as the article writer (`chooseLlm`). */
export function createAnswerer(env: Pick<Env, "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL" | "AI">): Answerer {
  return chooseLlm(env, {
    openAi: createOpenAiCompatibleAnswerer,
    workersAi: ({ ai, model }) => createWorkersAiAnswerer({ ai: ai as unknown as AiAnswerRunner, model }),
    offline: createOfflineAnswerer,
  });
}
