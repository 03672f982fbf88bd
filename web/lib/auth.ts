import { queryOptions, useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import type { AuthUser } from "#schema/contracts/auth.ts";
import { hasCookie, MEMBER_HINT_COOKIE } from "#schema/contracts/cookies.ts";
import { requestOrNullOn401 } from "./api-client.ts";

export const authKeys = { user: ["auth", "user"] as const };

/**
 * Whether the server may hold a session for this browser: it sets a readable hint cookie beside the
 * HttpOnly session cookie and clears both together (worker/lib/session.ts). Without it the visitor is
 * a guest and the page does not ask, so a guest's visit logs no 401.
 */
export function mayBeSignedIn(cookies: string = typeof document === "undefined" ? "" : document.cookie): boolean {
  return hasCookie(cookies, MEMBER_HINT_COOKIE);
}

/** The signed-in member, or null when signed out (a 401 is an answer here, not an error). */
export function authUserQuery() {
  return queryOptions({
    queryKey: authKeys.user,
    queryFn: () => (mayBeSignedIn() ? requestOrNullOn401("getCurrentUser") : null),
    retry: false,
  });
}

export type AuthState = {
  user: AuthUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Premium includes admin (public-site.md §4). */
  isPremium: boolean;
};

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(authUserQuery());
  const user = data ?? null;
  return {
    user,
    isLoading,
    isAuthenticated: user !== null,
    isAdmin: user?.role === "admin",
    isPremium: user?.role === "premium" || user?.role === "admin",
  };
}

/** Sign-in is a full-page navigation; the server sends the reader back to `returnTo` afterwards. */
export function loginHref(returnTo?: string): string {
  const path = returnTo ?? `${window.location.pathname}${window.location.search}`;
  return `/api/login?returnTo=${encodeURIComponent(path)}`;
}

/** The sign-in link that comes back to this page (from the router, so it also renders on the server). */
export function useLoginHref(): string {
  const { pathname, search } = useLocation();
  return loginHref(`${pathname}${search}`);
}

export const LOGOUT_HREF = "/api/logout";

export function goToLogin(returnTo?: string): void {
  window.location.assign(loginHref(returnTo));
}

/** The header's name for a member: first name, else email (or "User" where space is short). */
export function displayName(user: Pick<AuthUser, "firstName" | "email">, compact = false): string {
  return user.firstName || (compact ? "User" : user.email);
}
