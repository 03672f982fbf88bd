import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { HttpHandler } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUserRow as AdminUser } from "#schema/contracts/admin-users.ts";
import { apiContract } from "#schema/contracts/api/index.ts";
import { Toaster } from "#web/components/ui/toast.tsx";
import { authMocks, makeUser } from "#web/test/auth-fixtures.ts";
import { calls, errorBody, failure, mock, server } from "#web/test/msw.ts";
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
  plan: { tier: "free", status: "active", complimentary: false, credits: 0 },
};
const self: AdminUser = {
  ...me,
  createdAt: "2026-10-01T10:00:00.000Z",
  plan: { tier: "free", status: "active", complimentary: false, credits: 0 },
};

function open(users: AdminUser[], ...handlers: HttpHandler[]) {
  server.use(...authMocks(me), mock(apiContract.listUsers, { users, total: users.length }), ...handlers);
  render(<Toaster />);
  const go = vi.fn();
  renderAt(<UsersTab go={go} />, { path: "/admin" });
  return { go };
}

afterEach(() => vi.useRealTimers());

/** Picks a role on a member's select and confirms the dialog it opens (a change signs the member out). */
async function changeTo(select: HTMLElement, role: string) {
  fireEvent.change(select, { target: { value: role } });
  const dialog = await screen.findByRole("dialog");
  fireEvent.click(within(dialog).getByRole("button", { name: "Change role and sign out" }));
}

describe("Users tab", () => {
  it("says 'No users found.' when there are none", async () => {
    open([]);
    expect(await screen.findByText("No users found.")).toBeInTheDocument();
  });

  it("disables the admin's own role select and offers user, premium and admin to others", async () => {
    open([self, member]);
    const mine = await screen.findByLabelText("Role of chief@example.com");
    expect(mine).toBeDisabled();
    const bob = await screen.findByLabelText("Role of bob@example.com");
    expect(bob).toBeEnabled();
    expect([...(bob as HTMLSelectElement).options].map((o) => o.value)).toEqual(["user", "premium", "admin"]);
  });

  it("changes a role and toasts; a failure toasts the spec's text", async () => {
    const { plan: _plan, ...bob } = member;
    open([self, member], mock(apiContract.changeUserRole, { success: true, user: { ...bob, role: "premium" } }));
    await changeTo(await screen.findByLabelText("Role of bob@example.com"), "premium");
    expect(await screen.findByText(/bob@example.com is now premium/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({ path: "/api/admin/users/u-2/role", body: { role: "premium" } });
    server.use(failure(apiContract.changeUserRole, 500, { body: JSON.stringify(errorBody("INTERNAL", "x")) }));
    await changeTo(screen.getByLabelText("Role of bob@example.com"), "admin");
    expect(await screen.findByText("Failed to update user role.")).toBeInTheDocument();
  });

  it("puts the server's refusal next to the member's role select, and clears it on the next change", async () => {
    const refusal = {
      error: {
        ...errorBody("BAD_REQUEST", "Invalid json: role: Invalid option").error,
        issues: [{ path: "role", message: 'Invalid option: expected one of "user"|"premium"|"admin"' }],
      },
    };
    open([self, member], mock(apiContract.changeUserRole, refusal, { status: 400, once: true }));
    const select = await screen.findByLabelText("Role of bob@example.com");
    await changeTo(select, "premium");
    await vi.waitFor(() => expect(select).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByText("Failed to update user role.")).toBeInTheDocument();
    expect(select).toHaveAccessibleDescription('Not changed to premium: Invalid option: expected one of "user"|"premium"|"admin"');
    // The select still shows the role the member has: nothing was changed.
    expect(select).toHaveValue("user");
    expect(screen.getByLabelText("Role of chief@example.com")).not.toHaveAttribute("aria-invalid");

    server.use(mock(apiContract.changeUserRole, errorBody("NOT_FOUND", "User not found"), { status: 404 }));
    await changeTo(select, "admin");
    await vi.waitFor(() => expect(select).toHaveAccessibleDescription("Not changed to admin: User not found"));
  });

  it("on 401 says the session expired and goes to sign-in after 0.5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { go } = open(
      [self, member],
      mock(apiContract.changeUserRole, errorBody("UNAUTHORIZED", "Unauthorized: please sign in."), { status: 401 }),
    );
    await changeTo(await screen.findByLabelText("Role of bob@example.com"), "premium");
    expect(await screen.findByText("Session expired. Redirecting to login...")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(go).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(go).toHaveBeenCalledWith("/api/login?returnTo=%2Fadmin%3Ftab%3Dusers");
  });

  it("shows each member's plan: tier, complimentary for premium, an inactive plan and credits", async () => {
    const comp: AdminUser = {
      ...member,
      id: "u-3",
      email: "comp@example.com",
      role: "premium",
      plan: { tier: "pro", status: "active", complimentary: true, credits: 0 },
    };
    const paid: AdminUser = {
      ...member,
      id: "u-4",
      email: "paid@example.com",
      plan: { tier: "basic", status: "past_due", complimentary: false, credits: 10 },
    };
    open([self, member, comp, paid]);
    expect(await screen.findByRole("columnheader", { name: "Plan" })).toBeInTheDocument();
    expect(screen.getByTestId("plan-u-2")).toHaveTextContent("Free");
    expect(screen.getByTestId("plan-u-3")).toHaveTextContent("Pro (complimentary)");
    expect(screen.getByTestId("plan-u-4")).toHaveTextContent("Basic, past due · 10 credits");
    expect(screen.getByTestId(`plan-${self.id}`)).toHaveTextContent("Unlimited (admin)");
    expect(screen.getByText(/Premium gives complimentary Pro access: 80 Ask Coinsight questions a month/)).toBeInTheDocument();
  });

  it("asks before a change that signs the member out everywhere; Cancel and Escape send nothing", async () => {
    const { plan: _plan, ...bob } = member;
    open([self, member], mock(apiContract.changeUserRole, { success: true, user: { ...bob, role: "admin" } }));
    const select = await screen.findByLabelText("Role of bob@example.com");

    fireEvent.change(select, { target: { value: "admin" } });
    const dialog = await screen.findByRole("dialog", { name: "Change bob@example.com from user to admin?" });
    expect(dialog).toHaveTextContent("This signs bob@example.com out everywhere, on every device, at once.");
    // Cancel has the focus: Enter on a slip changes nothing.
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(select).toHaveValue("user");

    fireEvent.change(select, { target: { value: "premium" } });
    await screen.findByRole("dialog", { name: "Change bob@example.com from user to premium?" });
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    await changeTo(select, "admin");
    expect(await screen.findByText(/bob@example.com is now admin/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toMatchObject([{ path: "/api/admin/users/u-2/role", body: { role: "admin" } }]);
  });
});
