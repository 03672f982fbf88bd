import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, TOAST_DURATION_MS, Toaster, toast } from "./toast.tsx";

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe("toasts", () => {
  it("shows at most one at a time: a new toast replaces the old", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Error", description: "Please enter your email address", variant: "destructive" });
      toast({ title: "Success!", description: "Subscribed" });
    });
    expect(screen.getAllByTestId("toast")).toHaveLength(1);
    expect(screen.getByTestId("toast")).toHaveTextContent("Success!");
  });

  it("disappears after 5 seconds", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: "Link copied!" });
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByTestId("toast")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("announces destructive toasts as alerts", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Error", variant: "destructive" });
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Error");
  });
});
