import { queryOptions } from "@tanstack/react-query";
import type { SubscribeResponse, UnsubscribeResponse } from "#schema/contracts/newsletter.ts";
import { api } from "#web/lib/api.ts";

/** POST /api/newsletter/subscribe. Only the address is sent: the consent tick stays on the client (public-site.md §3). */
export function subscribeToNewsletter(email: string): Promise<SubscribeResponse> {
  return api<SubscribeResponse>("/api/newsletter/subscribe", { method: "POST", json: { email } });
}

/**
 * GET /api/newsletter/unsubscribe/{token}. A query rather than a mutation so that it runs once per
 * page view, even when React mounts the page twice; repeating it is harmless anyway.
 */
export function unsubscribeQuery(token: string) {
  return queryOptions({
    queryKey: ["newsletter", "unsubscribe", token],
    queryFn: () => api<UnsubscribeResponse>(`/api/newsletter/unsubscribe/${encodeURIComponent(token)}`),
  });
}
