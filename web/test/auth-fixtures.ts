import { apiContract } from "#schema/contracts/api/index.ts";
import type { AuthUser, Subscription } from "#schema/contracts/auth.ts";
import { errorBody, mock } from "./msw.ts";

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return { id: "u-1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", role: "user", isActive: true, ...overrides };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return { tier: "free", status: "active", trialQueriesRemaining: 2, queryCount: 0, queryLimit: 0, periodEnd: null, ...overrides };
}

/** MSW handlers for /api/auth/user and /api/user/subscription: a member (or a signed-out visitor's 401) and their plan. */
export function authMocks(user: AuthUser | null, subscription: Subscription = makeSubscription()) {
  return [
    user
      ? mock(apiContract.getCurrentUser, user)
      : mock(apiContract.getCurrentUser, errorBody("UNAUTHORIZED", "Unauthorized"), { status: 401 }),
    user
      ? mock(apiContract.getSubscription, { success: true, tier: subscription.tier, subscription })
      : mock(apiContract.getSubscription, errorBody("UNAUTHORIZED", "Unauthorized"), { status: 401 }),
  ];
}
