import { queryOptions } from "@tanstack/react-query";
import { ASK_STREAM_EVENTS, type AskStreamEventName, parseAskEvent } from "#schema/contracts/ask-stream.ts";
import type { AskRefusal, AskRequest, AskResponse } from "#schema/contracts/ask-types.ts";
import type { Subscription } from "#schema/contracts/auth.ts";
import { request } from "#web/lib/api-client.ts";

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

function refusalOf(status: number, body: unknown): AskError {
  const b = (body ?? {}) as Partial<AskRefusal>;
  return new AskError(status, b.error?.message, b.subscription ?? null);
}

export type StreamHandlers = { onText: (delta: string) => void; onReset: () => void };

/**
 * POST /api/ask-coinsight. Asks for a stream (the card shows the answer as it is written) and
 * resolves with the final JSON answer; a server that answers plain JSON works the same.
 */
export async function askCoinsight(req: AskRequest, handlers: StreamHandlers, fetchImpl: typeof fetch = fetch): Promise<AskResponse> {
  const res = await fetchImpl("/api/ask-coinsight", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "text/event-stream, application/json" },
    body: JSON.stringify(req),
  });
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok || !type.includes("text/event-stream") || !res.body) {
    const body = await res.json().catch(() => null);
    if (!res.ok) throw refusalOf(res.status, body);
    return body as AskResponse;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? "message";
      const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join("\n");
      // Comments, keep-alives and events of a later contract are skipped; the four known events must have their shape.
      if (data && ASK_STREAM_EVENTS.includes(event as AskStreamEventName)) {
        const e = parseAskEvent(event, data);
        if (!e) throw new AskError(502, undefined, null);
        if (e.event === "delta") handlers.onText(e.data.text);
        else if (e.event === "reset") handlers.onReset();
        else if (e.event === "done") return e.data;
        else throw refusalOf(503, e.data);
      }
      end = buffer.indexOf("\n\n");
    }
    if (done) break;
  }
  throw new AskError(502, undefined, null);
}
