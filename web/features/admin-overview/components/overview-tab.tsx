import type { ReactNode } from "react";
import { DailySummaryCard } from "./daily-summary.tsx";
import { GenerationStatusPanel } from "./generation-status.tsx";
import { GenerationTools } from "./generation-tools.tsx";
import { ScheduledArticlesCard } from "./scheduled-articles.tsx";

/** The admin Overview: site stats, the day's summary, the scheduled articles, the pipeline's live status and the tools that drive it. */
export function OverviewTab({ stats }: { stats?: ReactNode }) {
  return (
    <div className="stack" style={{ gap: 24 }}>
      {stats}
      <DailySummaryCard />
      <ScheduledArticlesCard />
      <GenerationStatusPanel />
      <GenerationTools />
    </div>
  );
}
