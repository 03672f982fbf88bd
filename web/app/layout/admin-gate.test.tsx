import { act, render, screen } from "@testing-library/react";
import type { HttpHandler } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { Toaster } from "#web/components/ui/toast.tsx";
import { authMocks, makeUser, setMemberHint } from "#web/test/auth-fixtures.ts";
import { failure, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { ADMIN_DENIED_TEXT, ADMIN_DENIED_TOAST, AdminGate } from "./admin-gate.tsx";

afterEach(() => vi.useRealTimers());

function renderGate(handlers: HttpHandler[]) {
  server.use(...handlers);
  const go = vi.fn();
  render(<Toaster />);
  renderAt(<AdminGate go={go}>{(user) => <p>Welcome, {user.firstName}</p>}</AdminGate>, { path: "/admin", at: "/admin?tab=overview" });
  return go;
}

describe("AdminGate", () => {
  it("shows the panel to an admin and never redirects", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const go = renderGate(authMocks(makeUser({ role: "admin" })));
    expect(await screen.findByText("Welcome, Ada")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(go).not.toHaveBeenCalled();
    expect(screen.queryByText(ADMIN_DENIED_TEXT)).toBeNull();
  });

  it("denies a guest with the toast and text, then sends them to sign-in and back here after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const go = renderGate(authMocks(null));
    expect(await screen.findByText(ADMIN_DENIED_TEXT)).toBeInTheDocument();
    expect(await screen.findByText(ADMIN_DENIED_TOAST)).toBeInTheDocument();
    expect(screen.queryByText(/Welcome/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(go).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(go).toHaveBeenCalledWith("/api/login?returnTo=%2Fadmin%3Ftab%3Doverview");
  });

  it("denies a member and sends them to sign-in with home as the way back (no loop through /admin)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const go = renderGate(authMocks(makeUser({ role: "premium" })));
    expect(await screen.findByText(ADMIN_DENIED_TEXT)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(go).toHaveBeenCalledWith("/api/login?returnTo=%2F");
  });

  it("says so when access cannot be checked, and does not redirect", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setMemberHint(true);
    const go = renderGate([failure(apiContract.getCurrentUser, 503, { body: "{}" })]);
    expect(await screen.findByText("We could not check your access.", { exact: false })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(go).not.toHaveBeenCalled();
  });
});
