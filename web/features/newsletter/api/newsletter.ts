import type { SubscribeResponse, UnsubscribeResponse } from "#schema/contracts/newsletter.ts";
import { api } from "#web/lib/api.ts";

/** POST /api/newsletter/subscribe. Only the address is sent: the consent tick stays on the client (public-site.md §3). */
export function subscribeToNewsletter(email: string): Promise<SubscribeResponse> {
  return api<SubscribeResponse>("/api/newsletter/subscribe", { method: "POST", json: { email } });
}

/**
 * POST /api/newsletter/unsubscribe/{token}, sent only when the reader presses the page's button:
 * link scanners that open the page must not unsubscribe anyone. Repeating it is harmless.
 */
export function unsubscribe(token: string): Promise<UnsubscribeResponse> {
  return api<UnsubscribeResponse>(`/api/newsletter/unsubscribe/${encodeURIComponent(token)}`, { method: "POST" });
}
