import { type GenerateCall, type RankRange, rankRanges } from "#schema/contracts/newsroom.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import styles from "./overview.module.css";
import { useDownload, useGenerate } from "./use-admin-actions.ts";

/** The generation tool buttons of assistant-plans-admin.md §2, in the spec's order. */
export const GENERATION_TOOLS: { call: GenerateCall; label: string }[] = [
  { call: "generate-daily-roundup", label: "Daily roundup" },
  { call: "generate-trending-analysis", label: "Trending analysis" },
  { call: "generate-lunarcrush-data", label: "LunarCrush data" },
  { call: "generate-trending-top-100", label: "Trending top 100" },
  { call: "generate-trending-101-300", label: "Trending 101-300" },
  { call: "generate-trending-301-500", label: "Trending 301-500" },
];

export function GenerationTools() {
  const generate = useGenerate();
  const download = useDownload();
  const running = (call: GenerateCall) => generate.isPending && generate.variables === call;
  const downloading = (range: RankRange) => download.isPending && download.variables === range;
  return (
    <Card title="Generation tools" aria-label="Generation tools">
      <p className={styles.hint} style={{ marginBottom: 10 }}>
        Runs for today (UTC). Trending tasks wait for today's LunarCrush data; re-running never duplicates articles.
      </p>
      <div className={styles.toolGrid}>
        {GENERATION_TOOLS.map(({ call, label }) => (
          <Button key={call} variant="outline" disabled={running(call)} onClick={() => generate.mutate(call)}>
            {running(call) ? "Starting…" : label}
          </Button>
        ))}
      </div>
      <h3 className={styles.listTitle} style={{ margin: "16px 0 8px" }}>
        LunarCrush data downloads
      </h3>
      <div className={styles.toolGrid}>
        {rankRanges.map((range) => (
          <Button
            key={range}
            variant="outline"
            aria-label={`Download ranks ${range}`}
            disabled={downloading(range)}
            onClick={() => download.mutate(range)}
          >
            <span aria-hidden="true">↓</span> {downloading(range) ? "Downloading…" : `Ranks ${range}`}
          </Button>
        ))}
      </div>
    </Card>
  );
}
