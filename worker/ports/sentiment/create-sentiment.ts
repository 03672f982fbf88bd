import { liveWhenSet } from "#worker/ports/port.ts";
import { createLunarCrush } from "./lunarcrush.ts";
import { createOfflineSentiment } from "./offline.ts";
import type { SentimentPort } from "./sentiment.ts";

/** Live LunarCrush when a key is configured, otherwise the offline model (README, Configuration). */
export function createSentiment(env: Pick<Env, "LUNARCRUSH_API_KEY">): SentimentPort {
  return liveWhenSet(env.LUNARCRUSH_API_KEY, (apiKey) => createLunarCrush({ apiKey }), createOfflineSentiment);
}
