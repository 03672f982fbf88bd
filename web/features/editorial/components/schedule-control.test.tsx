import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { SCHEDULE_IN_PAST } from "#schema/contracts/schedule.ts";
import { openArticleEditor } from "#web/test/article-editor.tsx";
import { EDITOR_CATEGORIES, makeEditable, makeSchedule } from "#web/test/fixtures.ts";
import { calls, mock } from "#web/test/msw.ts";
import { SCHEDULE_REFRESH_MS } from "../api/schedule.ts";
import { SCHEDULE_EMPTY } from "./schedule-control.tsx";

const article = makeEditable({
  createdAt: "2026-11-29T06:00:00.000Z",
  updatedAt: "2026-11-29T06:00:00.000Z",
});
const categories = EDITOR_CATEGORIES;
const scheduled = makeSchedule;

const card = async () => screen.findByRole("region", { name: "Schedule" });
const typeTime = (box: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(box).getByLabelText(label), { target: { value } });

afterEach(() => {
  vi.useRealTimers();
});

describe("the desk's schedule control", () => {
  it("schedules the typed UTC time, shows the admin's local time beside it, then shows the schedule", async () => {
    openArticleEditor(
      article,
      categories,
      mock(apiContract.scheduleArticle, ({ body }) => ({
        success: true as const,
        message: "Scheduled",
        schedule: scheduled({ publishAt: new Date(body.publishAt).toISOString() }),
      })),
    );
    const box = await card();
    expect(await within(box).findByTestId("schedule-state")).toHaveTextContent("Not scheduled.");
    typeTime(box, /Publish at \(UTC\)/, "2026-12-01T09:30");
    // The same moment in the admin's own zone, beside the UTC field.
    const local = within(box).getByTestId("schedule-local");
    expect(local).toHaveTextContent("2026-12-01 09:30 UTC");
    expect(local.querySelector(".muted")?.textContent).toMatch(/^\(12\/1\/2026, \d+:30 (AM|PM) .+\)$/);
    fireEvent.click(within(box).getByRole("button", { name: "Schedule" }));
    expect(await within(box).findByText("Publishes at")).toBeInTheDocument();
    expect(within(box).getByTestId("schedule-state")).toHaveTextContent("2026-12-01 09:30 UTC");
    expect(within(box).getByTestId("schedule-state")).toHaveTextContent("set by Chief Editor");
    expect(calls.filter((c) => c.operation === "scheduleArticle")).toMatchObject([
      { method: "PUT", path: "/api/articles/9/schedule", body: { publishAt: "2026-12-01T09:30:00.000Z" } },
    ]);
  });

  it("shows a schedule that is set and cancels it", async () => {
    openArticleEditor(
      article,
      categories,
      mock(apiContract.getArticleSchedule, { schedule: scheduled() }),
      mock(apiContract.cancelArticleSchedule, { success: true as const, message: "Schedule cancelled" }),
    );
    const box = await card();
    expect(await within(box).findByTestId("schedule-state")).toHaveTextContent("Publishes at 2026-12-01 09:30 UTC");
    expect(within(box).getByLabelText("New time (UTC)")).toBeInTheDocument();
    fireEvent.click(within(box).getByRole("button", { name: "Cancel schedule" }));
    await waitFor(() => expect(within(box).getByTestId("schedule-state")).toHaveTextContent("Not scheduled."));
    expect(calls.some((c) => c.operation === "cancelArticleSchedule" && c.method === "DELETE")).toBe(true);
  });

  it("keeps a refused time in the field with the server's reason under it, until it is changed", async () => {
    openArticleEditor(
      article,
      categories,
      mock(
        apiContract.scheduleArticle,
        {
          error: {
            code: "BAD_REQUEST",
            message: SCHEDULE_IN_PAST,
            requestId: "r-1",
            issues: [{ path: "publishAt", message: SCHEDULE_IN_PAST }],
          },
        },
        { status: 400 },
      ),
    );
    const box = await card();
    await within(box).findByTestId("schedule-state");
    // Nothing typed: said at once, nothing sent.
    fireEvent.click(within(box).getByRole("button", { name: "Schedule" }));
    expect(within(box).getByText(SCHEDULE_EMPTY)).toBeInTheDocument();
    expect(calls.some((c) => c.operation === "scheduleArticle")).toBe(false);

    typeTime(box, /Publish at \(UTC\)/, "2020-01-01T08:00");
    fireEvent.click(within(box).getByRole("button", { name: "Schedule" }));
    const input = within(box).getByLabelText(/Publish at \(UTC\)/);
    expect(await within(box).findByText(SCHEDULE_IN_PAST)).toBeInTheDocument();
    expect(input).toHaveValue("2020-01-01T08:00");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(within(box).getByTestId("schedule-state")).toHaveTextContent("Not scheduled.");
    typeTime(box, /Publish at \(UTC\)/, "2027-01-01T08:00");
    expect(within(box).queryByText(SCHEDULE_IN_PAST)).toBeNull();
  });

  it("says why a schedule did not publish when the claim check held the article", async () => {
    const reasons = ['In "Ether will double." (Ether): "will": a prediction, which the data does not show'];
    openArticleEditor(article, categories, mock(apiContract.getArticleSchedule, { schedule: scheduled({ state: "held", reasons }) }));
    const box = await card();
    expect(await within(box).findByText("Not published at 2026-12-01 09:30 UTC: the claim check held it.")).toBeInTheDocument();
    expect(within(box).getByText(reasons[0] ?? "")).toBeInTheDocument();
    expect(within(box).getByRole("button", { name: "Reschedule" })).toBeInTheDocument();
  });

  it("asks again while a schedule waits, and says so once it has been carried out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openArticleEditor(
      article,
      categories,
      mock(apiContract.getArticleSchedule, ({ count }) => ({ schedule: count === 1 ? scheduled() : null })),
    );
    const box = await card();
    expect(await within(box).findByTestId("schedule-state")).toHaveTextContent("Publishes at 2026-12-01 09:30 UTC");
    await vi.advanceTimersByTimeAsync(SCHEDULE_REFRESH_MS + 100);
    expect(await within(box).findByText(/The schedule was carried out or cancelled elsewhere/)).toBeInTheDocument();
    expect(within(box).getByTestId("schedule-state")).toHaveTextContent("Not scheduled.");
  });

  it("has nothing to schedule for a published article", async () => {
    openArticleEditor({ ...article, status: "published", isPublished: true, publishedAt: "2026-11-29T07:00:00.000Z" }, categories);
    const box = await card();
    expect(await within(box).findByText("Published: nothing to schedule.")).toBeInTheDocument();
    expect(within(box).queryByRole("button", { name: "Schedule" })).toBeNull();
  });
});
