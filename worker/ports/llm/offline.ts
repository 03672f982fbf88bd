import type { ArticleWriter } from "./llm.ts";
import { writeRoundup } from "./offline/roundup.ts";
import { writeTrending } from "./offline/trending.ts";

export const OFFLINE_MODEL = "coinsight-templates";

/**
 * The offline writer: readable articles composed from the brief's facts with varied, seeded
 * templates. It never calls out and never writes a figure that is not a fact's display text.
 */
export function createOfflineWriter(): ArticleWriter {
  return {
    source: "offline",
    model: OFFLINE_MODEL,
    async write(brief) {
      return brief.kind === "daily_roundup" ? writeRoundup(brief, OFFLINE_MODEL) : writeTrending(brief, OFFLINE_MODEL);
    },
  };
}
