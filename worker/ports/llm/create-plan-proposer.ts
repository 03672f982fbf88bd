import { chooseLlm } from "./create-writer.ts";
import { createOpenAiPlanProposer, createWorkersAiPlanProposer, type PlanProposer } from "./plan-proposal.ts";
import type { AiRunner } from "./workers-ai.ts";

/** The same choice as the writer and the answerer; offline there is no model, and the server's own parser plans alone. */
export function createPlanProposer(env: Pick<Env, "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL" | "AI">): PlanProposer | null {
  return chooseLlm<PlanProposer | null>(env, {
    openAi: createOpenAiPlanProposer,
    workersAi: ({ ai, model }) => createWorkersAiPlanProposer({ ai: ai as unknown as AiRunner, model }),
    offline: () => null,
  });
}
