import { describe, expect, it } from "vitest";
import { categorySentence, dependencyLabels, dependencyState, duration, nextRetryMinutes, successTone, suggestedAction } from "./model.ts";
import { DAILY_SUMMARY_REFRESH_MS, dailySummaryQuery, GENERATION_STATUS_REFRESH_MS, generationStatusQuery } from "./newsroom.ts";

describe("admin overview rules", () => {
  it("polls the generation status every 10 s and the daily summary every 30 s (assistant-plans-admin.md §9)", () => {
    expect(GENERATION_STATUS_REFRESH_MS).toBe(10_000);
    expect(DAILY_SUMMARY_REFRESH_MS).toBe(30_000);
    expect(generationStatusQuery().refetchInterval).toBe(10_000);
    expect(dailySummaryQuery().refetchInterval).toBe(30_000);
  });

  it("maps task statuses to the dependency view's states (assistant-plans-admin.md §4)", () => {
    expect(dependencyState({ status: "completed", blockedBy: [] })).toBe("completed");
    expect(dependencyState({ status: "failed", blockedBy: ["lunarcrush_data"] })).toBe("failed");
    expect(dependencyState({ status: "in_progress", blockedBy: [] })).toBe("running");
    expect(dependencyState({ status: "retrying", blockedBy: [] })).toBe("running");
    expect(dependencyState({ status: "not_started", blockedBy: [] })).toBe("ready");
    expect(dependencyState({ status: "not_started", blockedBy: ["lunarcrush_data"] })).toBe("waiting");
  });

  it("shows the next retry in minutes, rounded up", () => {
    expect([1, 59, 60, 61, 240].map(nextRetryMinutes)).toEqual([1, 1, 1, 2, 4]);
  });

  it("colours the success rate green from 90, yellow from 70, red below", () => {
    expect([100, 90, 89.9, 70, 69.9, 0].map(successTone)).toEqual(["green", "green", "yellow", "yellow", "red", "red"]);
  });

  it("falls back to assistant-plans-admin.md §8's suggested action by category, and the unknown one", () => {
    expect(suggestedAction({ category: "timeout", suggestedAction: "" })).toBe("Increase timeout limits or check system load");
    expect(suggestedAction({ category: "api_failure", suggestedAction: "" })).toBe("Verify API credentials and rate limits");
    expect(suggestedAction({ category: "dependency", suggestedAction: "" })).toBe("Check prerequisite tasks completion");
    expect(suggestedAction({ category: "validation", suggestedAction: "" })).toBe("Review input data format and requirements");
    expect(suggestedAction({ category: "system", suggestedAction: " " })).toBe("Check system resources and connectivity");
    expect(suggestedAction({ category: "cosmic_ray", suggestedAction: "" })).toBe("Contact system administrator for assistance");
    expect(suggestedAction({ category: "timeout", suggestedAction: "Raise the LLM timeout" })).toBe("Raise the LLM timeout");
  });

  it("formats durations", () => {
    expect([0, 0.4, 45, 65, 3725].map(duration)).toEqual(["<1s", "<1s", "45s", "1m 05s", "1h 02m"]);
    expect(duration(null)).toBe("-");
  });

  it("says states and error categories as sentences, not raw names", () => {
    expect(Object.values(dependencyLabels)).toEqual(["Done", "Failed", "Running", "Ready to run", "Waiting"]);
    expect(categorySentence("api_failure")).toBe("An outside service failed to answer (api_failure)");
    expect(categorySentence("cosmic_ray")).toBe("An unknown kind of failure (cosmic_ray)");
  });
});
