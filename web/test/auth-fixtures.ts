import { apiContract } from "#schema/contracts/api/index.ts";
import type { AuthUser, Subscription } from "#schema/contracts/auth.ts";
import { errorBody, mock } from "./msw.ts";

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return { id: "u-1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", role: "user", isActive: true, ...overrides };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    tier: "free",
    status: "active",
    trialQueriesRemaining: 2,
    queryCount: 0,
    queryLimit: 0,
    credits: 0,
    complimentary: false,
    periodEnd: null,
    ...overrides,
  };
}

/**
 * The readable hint cookie the server sets beside a session (web/lib/auth.ts `mayBeSignedIn`);
 * the page asks `GET /api/auth/user` only when it is there. The setup clears it after each test.
 */
export function setMemberHint(present: boolean): void {
  document.cookie = present ? "coinsight_member=1; path=/" : "coinsight_member=; path=/; max-age=0";
}

/**
 * MSW handlers for /api/auth/user and /api/user/subscription: a member (or a signed-out visitor's 401)
 * and their plan. Like the server, it also sets the member hint cookie for a member.
 */
export function authMocks(user: AuthUser | null, subscription: Subscription = makeSubscription()) {
  setMemberHint(user !== null);
  return [
    user
      ? mock(apiContract.getCurrentUser, user)
      : mock(apiContract.getCurrentUser, errorBody("UNAUTHORIZED", "Unauthorized"), { status: 401 }),
    user
      ? mock(apiContract.getSubscription, { success: true, tier: subscription.tier, subscription })
      : mock(apiContract.getSubscription, errorBody("UNAUTHORIZED", "Unauthorized"), { status: 401 }),
  ];
}
