import { useQuery } from "@tanstack/react-query";
import type { SiteStatus } from "#schema/contracts/site-status.ts";
import { request } from "#web/lib/api-client.ts";

/** Whether the site replays recorded market data, and since when: one query for every label that says so. */
export function useSiteStatus() {
  return useQuery({ queryKey: ["site-status"], queryFn: () => request("getSiteStatus"), staleTime: 5 * 60_000 });
}

/** The offline replay in seconds: the recording's end and the moment it was laid on. */
export type ReplayClock = { recordedAt: number; replayedAt: number };

export function replayClock(status: SiteStatus | undefined): ReplayClock | null {
  if (!status?.demo || !status.recordedAt || !status.replayedAt) return null;
  const recordedAt = Date.parse(status.recordedAt) / 1000;
  const replayedAt = Date.parse(status.replayedAt) / 1000;
  return Number.isFinite(recordedAt) && Number.isFinite(replayedAt) ? { recordedAt, replayedAt } : null;
}

/**
 * What a figure shown at time `t` (seconds) is in the replay: recorded at its real time (shown time
 * minus the replay's shift), or modelled after the replay started.
 */
export function originOf(t: number, replay: ReplayClock): { recorded: number } | "modelled" {
  // The feed's first tick after the start still carries the recording; later ones are walked.
  if (t > replay.replayedAt + 60) return "modelled";
  return { recorded: t - replayShift(replay) };
}

/** How far the replay moved the recording: a recorded time plus this is where the chart draws it. */
export function replayShift(replay: ReplayClock): number {
  return replay.replayedAt - replay.recordedAt;
}
