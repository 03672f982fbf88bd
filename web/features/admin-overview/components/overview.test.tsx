import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, Toaster } from "#web/components/ui/toast.tsx";
import { renderAt } from "#web/test/render.tsx";
import { apiError, fakeApi, statusOf, summaryOf, TODAY } from "./fixtures.ts";
import { OverviewTab } from "./overview-tab.tsx";

function renderOverview(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({ "GET /api/admin/daily-summary": summaryOf(), "GET /api/admin/scheduled-articles": { articles: [] }, ...routes });
  vi.spyOn(globalThis, "fetch").mockImplementation(api.fetch);
  renderAt(
    <>
      <OverviewTab />
      <Toaster />
    </>,
  );
  return api;
}

async function toastText() {
  return (await screen.findByTestId("toast")).textContent;
}

const failedTop100 = {
  status: "failed" as const,
  blockedBy: [],
  error: {
    category: "api_failure",
    message: "LunarCrush answered 503 for coins/list/v2",
    timestamp: `${TODAY}T06:00:05.000Z`,
    retryCount: 3,
    suggestedAction: "",
    stackTrace: "UpstreamError: LunarCrush answered 503\n    at fetchMetrics (lunarcrush.ts:58)",
  },
  progress: {
    currentStep: "Select coins by social momentum",
    completedSteps: 1,
    totalSteps: 5,
    percentage: 20,
    elapsedTime: 7,
    estimatedTimeRemaining: 28,
    stepDetails: [
      { name: "Check LunarCrush data", status: "completed" as const, duration: 0.4 },
      { name: "Select coins by social momentum", status: "failed" as const, duration: 0.1 },
      { name: "Write article 1 of 3", status: "pending" as const, duration: null },
    ],
  },
};

beforeEach(() => act(() => dismissToast()));
afterEach(() => vi.restoreAllMocks());

describe("generation status", () => {
  it("shows each task with its live progress, current step and step details", async () => {
    renderOverview({
      "GET /api/admin/generation-status": statusOf({
        lunarcrush_data: {
          status: "completed",
          completed_at: `${TODAY}T06:00:04.000Z`,
          progress: {
            ...failedTop100.progress,
            percentage: 100,
            completedSteps: 6,
            totalSteps: 6,
            currentStep: null,
            elapsedTime: 4,
            estimatedTimeRemaining: 0,
            stepDetails: [],
          },
        },
        trending_top_100: {
          status: "in_progress",
          blockedBy: [],
          progress: {
            ...failedTop100.progress,
            currentStep: "Write: Zcash (ZEC)",
            completedSteps: 3,
            percentage: 60,
            stepDetails: [{ name: "Write: Zcash (ZEC)", status: "running", duration: null }],
          },
          articles: { published: 1, review: 1 },
        },
      }),
    });
    const card = await screen.findByRole("article", { name: "Trending top 100" });
    expect(within(card).getByText("In Progress")).toBeInTheDocument();
    expect(within(card).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "60");
    expect(card).toHaveTextContent("3 of 5 steps · 60% · Write: Zcash (ZEC)");
    expect(card).toHaveTextContent("Elapsed 7s · about 28s left");
    expect(card).toHaveTextContent("1 published · 1 held for review");
    expect(within(card).getByRole("link", { name: "1 held for review" })).toHaveAttribute("href", "/admin?tab=articles&filter=review");
    expect(within(card).getByRole("img", { name: "running" })).toBeInTheDocument();
    const done = screen.getByRole("article", { name: "LunarCrush data" });
    expect(done).toHaveTextContent("Completed at 06:00:04 UTC in 4s");
    expect(screen.getByRole("article", { name: "Trending 301-500" })).toHaveTextContent("Waiting for LunarCrush data");
  });

  it("maps the tasks onto the dependency view", async () => {
    renderOverview({
      "GET /api/admin/generation-status": statusOf({
        lunarcrush_data: { status: "completed" },
        daily_roundup: { status: "failed", error: failedTop100.error },
        trending_top_100: { status: "in_progress", blockedBy: [] },
        trending_101_300: { status: "not_started", blockedBy: [] },
      }),
    });
    const state = async (task: string) => (await screen.findByTestId(`dependency-${task}`)).textContent;
    expect(await state("lunarcrush_data")).toMatch(/Done$/);
    expect(await state("daily_roundup")).toMatch(/Failed$/);
    expect(await state("trending_top_100")).toMatch(/Running$/);
    expect(await state("trending_101_300")).toMatch(/Ready to run$/);
    expect(await state("trending_301_500")).toMatch(/Waiting$/);
  });

  it("says when there is no status data, and when it could not be loaded", async () => {
    renderOverview({ "GET /api/admin/generation-status": {} });
    expect(await screen.findByText("No status data available")).toBeInTheDocument();
  });

  it("shows the failure to load the status as no status data, with the reason", async () => {
    renderOverview({ "GET /api/admin/generation-status": () => apiError(500, "Something went wrong on our side. Please try again.") });
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent("No status data available");
    expect(notice).toHaveTextContent("Something went wrong on our side");
  });

  it("shows when a retrying task will try again, in minutes rounded up", async () => {
    renderOverview({
      "GET /api/admin/generation-status": statusOf({
        lunarcrush_data: { status: "retrying", nextRetryIn: 61, error: { ...failedTop100.error, retryCount: 1 } },
      }),
    });
    const card = await screen.findByRole("article", { name: "LunarCrush data" });
    expect(card).toHaveTextContent("Next retry in 2 min");
    expect(within(card).queryByRole("button", { name: "Retry" })).toBeNull();
  });
});

describe("the error dialog", () => {
  it("shows category, message, timestamp, retry count, stack trace and the category's suggested action; Close closes it", async () => {
    renderOverview({ "GET /api/admin/generation-status": statusOf({ trending_top_100: failedTop100 }) });
    fireEvent.click(await screen.findByRole("button", { name: "View error" }));
    const dialog = screen.getByRole("dialog", { name: "Trending top 100 error" });
    expect(dialog).toHaveTextContent("CategoryAn outside service failed to answer (api_failure)");
    expect(dialog).toHaveTextContent("MessageLunarCrush answered 503 for coins/list/v2");
    expect(dialog).toHaveTextContent(`Timestamp${TODAY} 06:00:05 UTC`);
    expect(dialog).toHaveTextContent("Retry count3");
    expect(dialog).toHaveTextContent("Suggested actionVerify API credentials and rate limits");
    expect(dialog).toHaveTextContent("at fetchMetrics (lunarcrush.ts:58)");
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Retry Now retries trending_top_100 for today and says so", async () => {
    const api = renderOverview({
      "GET /api/admin/generation-status": statusOf({ trending_top_100: failedTop100 }),
      "POST /api/admin/retry-generation": { success: true, message: "Retrying", runs: [] },
    });
    fireEvent.click(await screen.findByRole("button", { name: "View error" }));
    fireEvent.click(screen.getByRole("button", { name: "Retry Now" }));
    expect(await toastText()).toContain("Retry SuccessSuccessfully retried trending_top_100. Check generation status for progress.");
    expect(api.calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      path: "/api/admin/retry-generation",
      body: { generationType: "trending_top_100", date: TODAY },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("closes on Escape", async () => {
    renderOverview({ "GET /api/admin/generation-status": statusOf({ trending_top_100: failedTop100 }) });
    fireEvent.click(await screen.findByRole("button", { name: "View error" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("retry controls", () => {
  it("a failed task's Retry re-runs that task and toasts the server's refusal", async () => {
    const api = renderOverview({
      "GET /api/admin/generation-status": statusOf({ daily_roundup: { ...failedTop100, blockedBy: [] } }),
      "POST /api/admin/retry-generation": () => apiError(409, "Daily roundup is already running for today."),
    });
    const card = await screen.findByRole("article", { name: "Daily roundup" });
    expect(card).toHaveTextContent("Stopped after 7s");
    expect(card).not.toHaveTextContent("left");
    fireEvent.click(within(card).getByRole("button", { name: "Retry" }));
    expect(await toastText()).toContain("Retry FailedDaily roundup is already running for today.");
    expect(api.calls.filter((c) => c.method === "POST").at(-1)?.body).toEqual({ generationType: "daily_roundup", date: TODAY });
  });

  it("the retry form validates the date before sending it", async () => {
    const api = renderOverview({
      "GET /api/admin/generation-status": statusOf(),
      "POST /api/admin/retry-generation": { success: true, message: "ok", runs: [] },
    });
    const form = (await screen.findByRole("region", { name: "Retry a generation" })) as HTMLElement;
    fireEvent.change(within(form).getByLabelText("Task"), { target: { value: "trending_101_300" } });
    const date = within(form).getByLabelText(/Date \(UTC\)/);
    fireEvent.change(date, { target: { value: "2026-02-30" } });
    fireEvent.click(within(form).getByRole("button", { name: "Retry" }));
    expect(await within(form).findByText("Date is not a real calendar day")).toBeInTheDocument();
    expect(date).toHaveValue("2026-02-30");
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(date, { target: { value: "2026-11-20" } });
    fireEvent.click(within(form).getByRole("button", { name: "Retry" }));
    expect(await toastText()).toContain("Successfully retried trending_101_300.");
    expect(api.calls.filter((c) => c.method === "POST").at(-1)?.body).toEqual({ generationType: "trending_101_300", date: "2026-11-20" });
  });
});

describe("watchdog recovery", () => {
  it("reports how many stuck tasks it recovered", async () => {
    renderOverview({ "GET /api/admin/generation-status": statusOf(), "POST /api/admin/watchdog-recovery": { recovered: 2 } });
    fireEvent.click(await screen.findByRole("button", { name: "Recover stuck tasks" }));
    expect(await toastText()).toContain("Watchdog Recovery CompleteRecovered 2 stuck tasks");
  });

  it("reports a failure", async () => {
    renderOverview({
      "GET /api/admin/generation-status": statusOf(),
      "POST /api/admin/watchdog-recovery": () => apiError(403, "Admin access required"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Recover stuck tasks" }));
    expect(await toastText()).toContain("Watchdog Recovery FailedAdmin access required");
  });
});
