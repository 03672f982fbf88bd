import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { dismissToast, Toaster } from "#web/components/ui/toast.tsx";
import { errorBody, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { RetryControls } from "./retry-controls.tsx";

afterEach(() => dismissToast());

function open(...handlers: Parameters<typeof server.use>) {
  server.use(...handlers);
  renderAt(
    <>
      <RetryControls />
      <Toaster />
    </>,
  );
  return { form: screen.getByRole("region", { name: "Retry a generation" }), date: screen.getByLabelText("Date (UTC)") };
}

describe("Retry a generation", () => {
  it("puts the server's field messages next to the date and the task, and keeps what was typed", async () => {
    const refusal = {
      error: {
        ...errorBody("BAD_REQUEST", "Invalid json: date: Only the last 7 days can be retried (today is 2026-11-25 UTC)").error,
        issues: [
          { path: "date", message: "Only the last 7 days can be retried (today is 2026-11-25 UTC)" },
          { path: "generationType", message: "Choose a task" },
        ],
      },
    };
    const { date } = open(mock(apiContract.retryGeneration, refusal, { status: 400 }));
    await userEvent.clear(date);
    await userEvent.type(date, "2026-01-01");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(date).toHaveAttribute("aria-invalid", "true"));
    expect(date).toHaveAccessibleDescription("Only the last 7 days can be retried (today is 2026-11-25 UTC)");
    expect(date).toHaveValue("2026-01-01");
    const task = screen.getByLabelText("Task");
    expect(task).toHaveAttribute("aria-invalid", "true");
    expect(task).toHaveAccessibleDescription("Choose a task");
    // Focus goes to the first field named, in the form's order (the task comes first).
    expect(task).toHaveFocus();
    await userEvent.type(date, "x");
    expect(date).not.toHaveAttribute("aria-invalid");
  });

  it("shows the worker's out-of-window refusal under the date only, as the worker sends it", async () => {
    // worker/features/newsroom/newsroom.service.ts: the message and one issue on "date", the same text.
    const message = "Only the last 7 days can be retried (today is 2026-11-25 UTC)";
    const refusal = { error: { ...errorBody("BAD_REQUEST", message).error, issues: [{ path: "date", message }] } };
    const { form, date } = open(mock(apiContract.retryGeneration, refusal, { status: 400 }));
    await userEvent.clear(date);
    await userEvent.type(date, "2026-01-01");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(date).toHaveAttribute("aria-invalid", "true"));
    expect(date).toHaveAccessibleDescription(message);
    expect(date).toHaveValue("2026-01-01");
    expect(screen.getByLabelText("Task")).not.toHaveAttribute("aria-invalid");
    expect(date).toHaveFocus();
    // Said once, by the field: no copy atop the form.
    expect(within(form).getAllByText(message)).toHaveLength(1);
    expect(within(form).queryByRole("alert")).toBeNull();
  });

  it("refuses a date that is not YYYY-MM-DD before asking the server, and puts the reader on it", async () => {
    const { date } = open();
    await userEvent.clear(date);
    await userEvent.type(date, "25/11/2026");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(date).toHaveAttribute("aria-invalid", "true");
    expect(date).toHaveFocus();
    expect(date).toHaveValue("25/11/2026");
  });

  it("keeps a refusal that names no field in the form, announced", async () => {
    const { form, date } = open(
      mock(
        apiContract.retryGeneration,
        errorBody("CONFLICT", "Trending top 100 is already running for 2026-11-24. Watch its progress in the generation status."),
        { status: 409 },
      ),
    );
    await userEvent.clear(date);
    await userEvent.type(date, "2026-11-24");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Trending top 100 is already running for 2026-11-24");
    expect(date).toHaveValue("2026-11-24");
    expect(date).not.toHaveAttribute("aria-invalid");
  });
});
