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
