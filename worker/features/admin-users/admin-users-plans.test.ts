import { describe, expect, it } from "vitest";
import type { AdminUserList } from "#schema/contracts/admin-users.ts";
import type { SubscriptionResponse } from "#schema/contracts/auth.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";

describe("the Users tab's plan column and the premium role", () => {
  it("shows each member's plan, free for a member without a plan row yet", async () => {
    await signedIn("plan-reader@example.com");
    const admin = await signedIn("chief@example.com");
    const { body } = await send<AdminUserList>(admin, "GET", "/api/admin/users");
    expect(body.users.find((u) => u.email === "plan-reader@example.com")?.plan).toEqual({
      tier: "free",
      status: "active",
      complimentary: false,
      credits: 0,
    });
  });

  it("setting premium grants the complimentary Pro allowance at once, and setting user takes it back", async () => {
    const member = await signedIn("comp-member@example.com");
    const admin = await signedIn("chief@example.com");
    expect((await send(admin, "POST", `/api/admin/users/${member.user.id}/role`, { role: "premium" })).status).toBe(200);
    const listed = (await send<AdminUserList>(admin, "GET", "/api/admin/users")).body.users.find((u) => u.id === member.user.id);
    expect(listed).toMatchObject({ role: "premium", plan: { tier: "pro", status: "active", complimentary: true } });
    const again = await signedIn("comp-member@example.com");
    const plan = await send<SubscriptionResponse>(again, "GET", "/api/user/subscription");
    expect(plan.body.subscription).toMatchObject({ tier: "pro", complimentary: true, queryLimit: 80, trialQueriesRemaining: 2 });

    await send(admin, "POST", `/api/admin/users/${member.user.id}/role`, { role: "user" });
    const back = (await send<AdminUserList>(admin, "GET", "/api/admin/users")).body.users.find((u) => u.id === member.user.id);
    expect(back?.plan).toMatchObject({ tier: "free", complimentary: false });
  });
});
