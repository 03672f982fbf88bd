import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUser } from "#schema/contracts/admin-users.ts";
import { Toaster } from "#web/components/ui/toast.tsx";
import { asGetRoutes, errorResponse, routeFetch } from "#web/test/admin-fetch.ts";
import { authRoutes, makeUser } from "#web/test/auth-fixtures.ts";
import { renderAt } from "#web/test/render.tsx";
import { UsersTab } from "./users-tab.tsx";

const me = makeUser({ id: "u-admin", role: "admin", email: "chief@example.com" });
const member: AdminUser = {
  id: "u-2",
  firstName: "Bob",
  lastName: null,
  email: "bob@example.com",
  role: "user",
  isActive: true,
  createdAt: "2026-11-01T10:00:00.000Z",
};
const self: AdminUser = { ...me, createdAt: "2026-10-01T10:00:00.000Z" };

function open(routes: Record<string, unknown>) {
  const fetch = routeFetch({ ...asGetRoutes(authRoutes(me)), ...routes });
  render(<Toaster />);
  const go = vi.fn();
  renderAt(<UsersTab go={go} />, { path: "/admin" });
  return { ...fetch, go };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Users tab", () => {
  it("says 'No users found.' when there are none", async () => {
    open({ "GET /api/admin/users": { users: [], total: 0 } });
    expect(await screen.findByText("No users found.")).toBeInTheDocument();
  });

  it("disables the admin's own role select and offers user, premium and admin to others", async () => {
    open({ "GET /api/admin/users": { users: [self, member], total: 2 } });
    const mine = await screen.findByLabelText("Role of chief@example.com");
    expect(mine).toBeDisabled();
    const bob = await screen.findByLabelText("Role of bob@example.com");
    expect(bob).toBeEnabled();
    expect([...(bob as HTMLSelectElement).options].map((o) => o.value)).toEqual(["user", "premium", "admin"]);
  });

  it("changes a role and toasts; a failure toasts the spec's text", async () => {
    let fail = false;
    const { calls } = open({
      "GET /api/admin/users": { users: [self, member], total: 2 },
      "POST /api/admin/users/u-2/role": () =>
        fail ? errorResponse(500, "INTERNAL", "x") : { success: true, user: { ...member, role: "premium" } },
    });
    fireEvent.change(await screen.findByLabelText("Role of bob@example.com"), { target: { value: "premium" } });
    expect(await screen.findByText(/bob@example.com is now premium/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ role: "premium" });
    fail = true;
    fireEvent.change(screen.getByLabelText("Role of bob@example.com"), { target: { value: "admin" } });
    expect(await screen.findByText("Failed to update user role.")).toBeInTheDocument();
  });

  it("on 401 says the session expired and goes to sign-in after 0.5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { go } = open({
      "GET /api/admin/users": { users: [self, member], total: 2 },
      "POST /api/admin/users/u-2/role": () => errorResponse(401, "UNAUTHORIZED", "Unauthorized: please sign in."),
    });
    fireEvent.change(await screen.findByLabelText("Role of bob@example.com"), { target: { value: "premium" } });
    expect(await screen.findByText("Session expired. Redirecting to login...")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(go).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(go).toHaveBeenCalledWith("/api/login?returnTo=%2Fadmin%3Ftab%3Dusers");
  });
});
