import { and, eq, ne } from "drizzle-orm";
import type { AuthUser, Role } from "#schema/contracts/auth.ts";
import { type RoleSource, subscriptions, users } from "#schema/db/accounts.ts";
import type { Db } from "#worker/lib/db.ts";
import { createSession, revokeAllSessions } from "#worker/lib/session.ts";

export { adminEmails } from "#worker/lib/auth.ts";

import { IdentityError, type VerifiedIdentity } from "#worker/ports/identity/identity.ts";

const NAME_MAX = 60;

function toAuthUser(row: typeof users.$inferSelect): AuthUser {
  const { id, email, firstName, lastName, role, isActive } = row;
  return { id, email, firstName, lastName, role, isActive };
}

function clip(name: string | null): string | null {
  return name ? name.slice(0, NAME_MAX) : null;
}

/**
 * The role a sign-in leaves a member with. ADMIN_EMAILS grants admin; an admin whose role came from
 * that list loses it once the address is no longer listed. Roles given in the admin panel stay.
 */
function roleAtSignIn(listed: boolean, existing?: { role: Role; roleSource: RoleSource }): { role: Role; roleSource: RoleSource } {
  if (!existing) return listed ? { role: "admin", roleSource: "admin-emails" } : { role: "user", roleSource: "default" };
  const kept = { role: existing.role, roleSource: existing.roleSource };
  if (listed) return existing.role === "admin" ? kept : { role: "admin", roleSource: "admin-emails" };
  if (existing.role === "admin" && existing.roleSource === "admin-emails") return { role: "user", roleSource: "default" };
  return kept;
}

/**
 * Finds or creates the member behind a verified identity and opens a session. Members are matched
 * by the provider's (issuer, subject), then by email (linking an account that signed in another
 * way before). Only an email the provider marks verified (`email_verified === true`) is trusted,
 * so an unverified sign-in is refused before it can create, link or promote anything. Re-linking
 * and role changes revoke all of the member's sessions: none may carry rights it did not start with.
 * A new member starts on the free tier.
 */
export async function signIn(
  db: Db,
  identity: VerifiedIdentity,
  options: { adminEmails: Set<string>; now?: Date },
): Promise<{ user: AuthUser; session: { id: string; expiresAt: Date } }> {
  if (identity.emailVerified !== true) {
    throw new IdentityError(
      "email",
      "Please verify your email address with your sign-in provider, then sign in again.",
      "email not verified",
    );
  }
  const now = (options.now ?? new Date()).toISOString();
  const listed = options.adminEmails.has(identity.email);
  const [bySubject] = await db
    .select()
    .from(users)
    .where(and(eq(users.identityIssuer, identity.issuer), eq(users.identitySubject, identity.subject)))
    .limit(1);
  const [byEmail] = bySubject ? [] : await db.select().from(users).where(eq(users.email, identity.email)).limit(1);
  const existing = bySubject ?? byEmail;

  let user: typeof users.$inferSelect;
  if (!existing) {
    const id = crypto.randomUUID();
    const [inserted] = await db.batch([
      db
        .insert(users)
        .values({
          id,
          email: identity.email,
          firstName: clip(identity.firstName),
          lastName: clip(identity.lastName),
          ...roleAtSignIn(listed),
          identityIssuer: identity.issuer,
          identitySubject: identity.subject,
          lastLoginAt: now,
        })
        .returning(),
      db.insert(subscriptions).values({ userId: id }).onConflictDoNothing(),
    ]);
    const row = inserted[0];
    if (!row) throw new Error("user insert returned no row");
    user = row;
  } else {
    if (!existing.isActive)
      throw new IdentityError("disabled", "This account has been disabled. Please contact support.", `user ${existing.id} inactive`);
    const emailFree =
      identity.email === existing.email ||
      (await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, identity.email), ne(users.id, existing.id)))
        .limit(1)
        .then((r) => r.length === 0));
    const role = roleAtSignIn(listed, existing);
    const relinked = existing.identityIssuer !== identity.issuer || existing.identitySubject !== identity.subject;
    if (relinked || role.role !== existing.role) await revokeAllSessions(db, existing.id);
    const [updated] = await db
      .update(users)
      .set({
        email: emailFree ? identity.email : existing.email,
        firstName: clip(identity.firstName) ?? existing.firstName,
        lastName: clip(identity.lastName) ?? existing.lastName,
        ...role,
        identityIssuer: identity.issuer,
        identitySubject: identity.subject,
        lastLoginAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, existing.id))
      .returning();
    if (!updated) throw new Error("user update returned no row");
    user = updated;
    // Members created before subscriptions existed (or by other paths) get their free record now.
    await db.insert(subscriptions).values({ userId: user.id }).onConflictDoNothing();
  }
  const session = await createSession(db, user.id, options.now);
  return { user: toAuthUser(user), session };
}
