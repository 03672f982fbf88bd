import type { Answerer } from "./answer.ts";
import { createOpenAiCompatibleAnswerer, createWorkersAiAnswerer } from "./answer-live.ts";
import { createOfflineAnswerer } from "./answer-offline.ts";
import { chooseLlm } from "./create-writer.ts";
import type { AiRunner } from "./workers-ai.ts";

/** The same choice as the article writer (`chooseLlm`). */
export function createAnswerer(env: Pick<Env, "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL" | "AI">): Answerer {
  return chooseLlm(env, {
    openAi: createOpenAiCompatibleAnswerer,
    workersAi: ({ ai, model }) => createWorkersAiAnswerer({ ai: ai as unknown as AiRunner, model }),
    offline: createOfflineAnswerer,
  });
}
