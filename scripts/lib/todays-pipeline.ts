/** Each call runs the day for up to 50 s; offline it needs a few seconds. */
const MAX_PIPELINE_CALLS = 6;

type DayReport = { date: string; done: boolean; tasks: Record<string, string>; articles: { published: number; review: number } };

/** Today's pipeline through the local-only endpoint; asks again while it is still running. */
export async function runTodaysPipeline(baseUrl: string): Promise<DayReport> {
  let report: DayReport | null = null;
  for (let call = 0; call < MAX_PIPELINE_CALLS && !report?.done; call++) {
    const res = await fetch(`${baseUrl}/api/dev/newsroom/run-today`, { method: "POST" });
    if (!res.ok) throw new Error(`The newsroom pipeline answered ${res.status}: ${await res.text()}`);
    report = (await res.json()) as DayReport;
  }
  if (!report) throw new Error("The newsroom pipeline did not answer");
  return report;
}
