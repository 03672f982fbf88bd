import { useEffect } from "react";
import { loginHref } from "./auth.ts";

/** The admin Articles tab filtered to articles held for review (linked from the Overview). */
export const REVIEW_FILTER_HREF = "/admin?tab=articles&filter=review";
export const TRASH_HREF = "/admin/trash";
export const ARTICLES_TAB_HREF = "/admin?tab=articles";

export function editorHref(id: number): string {
  return `/admin/articles/${id}/edit`;
}

/** Spec assistant-plans-admin.md §9: how long a toast stays before the page leaves (admin pages 2 s, an expired session 0.5 s). */
export const SESSION_EXPIRED_DELAY_MS = 500;
export const SESSION_EXPIRED_TEXT = "Session expired. Redirecting to login...";

/** The server's message of a failed call, or the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  const message = (error as { serverMessage?: string } | null)?.serverMessage;
  return message || fallback;
}

/** After a 401 on an admin page: to sign-in, then back to `returnTo`, once the toast has been seen. */
export function useSignInAfterExpiry(expired: boolean, returnTo: string, go: (href: string) => void): void {
  useEffect(() => {
    if (!expired) return;
    const timer = window.setTimeout(() => go(loginHref(returnTo)), SESSION_EXPIRED_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [expired, returnTo, go]);
}
