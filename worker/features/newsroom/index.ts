/** The newsroom's public face: the daily pipeline, its articles and its snapshots (docs/decisions/architecture/feature-faces.md). */
export { CATEGORY_ROUNDUP, type GeneratedArticle, type Source, saveGenerated } from "./articles.ts";
export { runDailyPipeline } from "./cron.ts";
export { type DepsFactory, defaultDeps, type NewsroomDeps, utcDate } from "./deps.ts";
export { devRoutes } from "./dev.routes.ts";
export { coinFacts } from "./facts.ts";
export { adminNewsroomRoutes } from "./newsroom.routes.ts";
export { assertRetryable, retryGeneration } from "./newsroom.service.ts";
export { DEMO_MARKET_NAME, SENTIMENT_MODEL_NAME } from "./provenance.ts";
export {
  buildRows,
  latestSnapshotDate,
  pruneSnapshots,
  readCategories,
  readCoin,
  readDay,
  replaceBand,
  type SnapshotRow,
  toMarketInput,
} from "./snapshots.ts";
export { NewsroomWorkflowBase } from "./workflow.ts";
