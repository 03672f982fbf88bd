import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminUserList } from "#schema/contracts/admin-users.ts";
import { sessions } from "#schema/db/accounts.ts";
import { getDb } from "#worker/lib/db.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";

describe("admin users and roles", () => {
  it("lists members with their roles, privately", async () => {
    await signedIn("reader@example.com");
    const admin = await signedIn("chief@example.com");
    const res = await send<AdminUserList>(admin, "GET", "/api/admin/users");
    expect(res.status).toBe(200);
    expect(res.res.headers.get("cache-control")).toContain("no-store");
    const reader = res.body.users.find((u) => u.email === "reader@example.com");
    expect(reader).toMatchObject({ role: "user", isActive: true, firstName: "reader" });
    expect(res.body.total).toBeGreaterThanOrEqual(2);
  });

  it("changes a member's role, which takes effect at once and signs them out everywhere", async () => {
    const member = await signedIn("premium-to-be@example.com");
    const other = await signedIn("premium-to-be@example.com");
    const admin = await signedIn("chief@example.com");
    const res = await send<{ success: boolean; user: { role: string } }>(admin, "POST", `/api/admin/users/${member.user.id}/role`, {
      role: "premium",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { role: "premium" } });
    // Both devices were signed out: their next request is a guest's.
    expect((await member.fetch("/api/auth/user")).status).toBe(401);
    expect((await other.fetch("/api/auth/user")).status).toBe(401);
    const live = await getDb(env.DB).select().from(sessions).where(eq(sessions.userId, member.user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    // Signing in again carries the new role.
    const again = await signedIn("premium-to-be@example.com");
    expect(again.user.role).toBe("premium");
  });

  it("refuses an admin's change of their own role on the server", async () => {
    const admin = await signedIn("chief@example.com");
    const res = await send<{ error: { code: string; message: string } }>(admin, "POST", `/api/admin/users/${admin.user.id}/role`, {
      role: "user",
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("You cannot change your own role.");
    expect((await send<{ role: string }>(admin, "GET", "/api/auth/user")).body.role).toBe("admin");
  });

  it("answers bad input with 400 and unknown members with 404", async () => {
    const admin = await signedIn("chief@example.com");
    for (const body of [{ role: "owner" }, {}, { role: "admin", extra: 1 }]) {
      expect((await send(admin, "POST", "/api/admin/users/u-x/role", body)).status).toBe(400);
    }
    expect((await send(admin, "POST", "/api/admin/users/nobody/role", { role: "premium" })).status).toBe(404);
  });
});
