import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#schema/db/accounts.ts";
import { getDb } from "#worker/lib/db.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";

// Its own file: storage is per file, so the only admins here are the two this test signs in.
describe("the last admin", () => {
  it("two admins demoting each other at once leaves one admin, and the loser is told why", async () => {
    const chief = await signedIn("chief@example.com");
    const deputy = await signedIn("deputy@example.com");
    expect([chief.user.role, deputy.user.role]).toEqual(["admin", "admin"]);

    const results = await Promise.all([
      send<{ error?: { code: string; message: string } }>(chief, "POST", `/api/admin/users/${deputy.user.id}/role`, { role: "user" }),
      send<{ error?: { code: string; message: string } }>(deputy, "POST", `/api/admin/users/${chief.user.id}/role`, { role: "user" }),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409);
    expect(refused?.body.error).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("no longer an admin") });
    const admins = await getDb(env.DB).select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
  });
});
