import type { OfflineIdentityPort } from "./identity.ts";

export const OFFLINE_ISSUER = "offline";

/**
 * The local sign-in: the email typed into the form is the identity (its subject too), trusted as
 * verified because this adapter only exists on a developer's machine and in tests.
 */
export function createOfflineIdentity(): OfflineIdentityPort {
  return {
    kind: "offline",
    identify({ email, firstName, lastName }) {
      const normalized = email.trim().toLowerCase();
      return {
        issuer: OFFLINE_ISSUER,
        subject: normalized,
        email: normalized,
        emailVerified: true,
        firstName: firstName.trim() || null,
        lastName: lastName.trim() || null,
      };
    },
  };
}
