import type { ErrorCode } from "#schema/contracts/error.ts";
import { errorBody } from "#worker/lib/errors.ts";

/**
 * The abuse limits of live prices (docs/decisions/markets/live-prices-limits-and-fallback.md). A refused socket is not an
 * error for the reader: the page keeps polling as it did before sockets.
 */
export const LIVE_LIMITS = {
  /** Open sockets per client address (an IPv6 /64), per hub: a household's tabs, and an office behind one address. */
  socketsPerAddress: 20,
  /** Sockets one hub holds before it sends readers back to polling (raise LIVE_SHARDS first). */
  socketsPerHub: 20_000,
  /** Client messages per socket per minute: a client speaks only to resume after a gap. */
  messagesPerMinute: 10,
} as const;

/** How many hubs share the readers; a reader's address picks one, so its socket cap holds. */
export const LIVE_SHARDS = 1;

/** The one error body, from the hub (which has no Hono context). */
export function liveErrorResponse(code: Extract<ErrorCode, "RATE_LIMITED">, message: string, requestId: string): Response {
  return Response.json(errorBody(code, message, requestId), { status: 429, headers: { "retry-after": "60" } });
}
