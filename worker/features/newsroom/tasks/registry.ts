import type { TaskKey } from "#schema/contracts/newsroom.ts";
import { dailyRoundup } from "./daily-roundup.ts";
import { sentimentData } from "./sentiment-data.ts";
import type { TaskDefinition } from "./task.ts";
import { trending101To300, trending301To500, trendingTop100 } from "./trending.ts";

export const TASKS: Record<TaskKey, TaskDefinition> = {
  lunarcrush_data: sentimentData,
  daily_roundup: dailyRoundup,
  trending_top_100: trendingTop100,
  trending_101_300: trending101To300,
  trending_301_500: trending301To500,
};

/**
 * The order of an instance's tasks: social data first (fetched, then stored rank band by rank
 * band), then the roundup, then the trending bands from the smallest coins to the biggest, so the
 * top 100's analyses are the day's newest (decisions/newsroom/biggest-coins-analyses-are-newest.md).
 */
export const PIPELINE_ORDER: readonly TaskKey[] = [
  "lunarcrush_data",
  "daily_roundup",
  "trending_301_500",
  "trending_101_300",
  "trending_top_100",
];
