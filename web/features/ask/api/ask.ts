import { queryOptions } from "@tanstack/react-query";
import { ASK_STREAM_EVENTS, type AskStreamEventName, parseAskEvent } from "#schema/contracts/ask-stream.ts";
import type { AskRefusal, AskRequest, AskResponse } from "#schema/contracts/ask-types.ts";
import type { Subscription } from "#schema/contracts/auth.ts";
import { request } from "#web/lib/api-client.ts";
import { SUBSCRIPTION_KEY } from "#web/lib/subscription-key.ts";
import { isStream, postForStream, sseEvents } from "./sse.ts";

/**
 * The member's answers about this coin from the last 24 hours (GET /api/ask-coinsight/answers):
 * what they paid for stays readable after a reload, and reading it costs nothing.
 */
export function storedAnswersQuery(symbol: string, enabled: boolean) {
  return queryOptions({
    queryKey: ["ask", "answers", symbol.toUpperCase()] as const,
    queryFn: async () => (await request("listStoredAnswers", { query: { symbol } })).answers,
    enabled,
    staleTime: 60_000,
  });
}

/** The plan, as the header reads it (same key, fresh for 30 s, one retry). */
export function subscriptionQuery(enabled: boolean) {
  return queryOptions({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: async () => (await request("getSubscription")).subscription,
    enabled,
    staleTime: 30_000,
    retry: 1,
  });
}

/** A refused or failed question: the status, the server's message and the plan it sent. */
export class AskError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly subscription: Subscription | null,
  ) {
    super(`${status}: ${serverMessage ?? "request failed"}`);
    this.name = "AskError";
  }
}

export function refusalOf(status: number, body: unknown): AskError {
  const b = (body ?? {}) as Partial<AskRefusal>;
  return new AskError(status, b.error?.message, b.subscription ?? null);
}

export type StreamHandlers = { onText: (delta: string) => void; onReset: () => void };

/**
 * POST /api/ask-coinsight. Asks for a stream (the card shows the answer as it is written) and
 * resolves with the final JSON answer; a server that answers plain JSON works the same.
 */
export async function askCoinsight(req: AskRequest, handlers: StreamHandlers, fetchImpl: typeof fetch = fetch): Promise<AskResponse> {
  const res = await postForStream("/api/ask-coinsight", req, fetchImpl);
  if (!isStream(res)) {
    const body = await res.json().catch(() => null);
    if (!res.ok) throw refusalOf(res.status, body);
    return body as AskResponse;
  }
  for await (const { event, data } of sseEvents(res.body)) {
    // Events of a later contract are skipped; the four known events must have their shape.
    if (!ASK_STREAM_EVENTS.includes(event as AskStreamEventName)) continue;
    const e = parseAskEvent(event, data);
    if (!e) throw new AskError(502, undefined, null);
    if (e.event === "delta") handlers.onText(e.data.text);
    else if (e.event === "reset") handlers.onReset();
    else if (e.event === "done") return e.data;
    else throw refusalOf(503, e.data);
  }
  throw new AskError(502, undefined, null);
}
