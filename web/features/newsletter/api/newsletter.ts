import type { SubscribeResponse, UnsubscribeResponse } from "#schema/contracts/newsletter.ts";
import { request } from "#web/lib/api-client.ts";

/** POST /api/newsletter/subscribe. Only the address is sent: the consent tick stays on the client (public-site.md §3). */
export function subscribeToNewsletter(email: string): Promise<SubscribeResponse> {
  return request("subscribeNewsletter", { body: { email } });
}

/**
 * POST /api/newsletter/unsubscribe/{token}, sent only when the reader presses the page's button:
 * link scanners that open the page must not unsubscribe anyone. Repeating it is harmless.
 */
export function unsubscribe(token: string): Promise<UnsubscribeResponse> {
  return request("unsubscribeNewsletter", { params: { token } });
}
