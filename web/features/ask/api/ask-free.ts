import { queryOptions } from "@tanstack/react-query";
import {
  type AnswerTable,
  ASK_FREE_EVENTS,
  type AskFreeEventName,
  type AskFreeRequest,
  type AskFreeResponse,
  type AskPlan,
  type AskPlanRefusal,
  parseAskFreeEvent,
} from "#schema/contracts/ask-free-types.ts";
import { request } from "#web/lib/api-client.ts";
import { AskError, refusalOf } from "./ask.ts";
import { isStream, postForStream, sseEvents } from "./sse.ts";

export const askHistoryKey = ["ask", "history"] as const;

/** POST /api/ask-coinsight/plan: free, counted against nothing; `previous` makes it a follow-up. */
export function planQuestion(question: string, previous: AskPlan | null): Promise<AskPlan | AskPlanRefusal> {
  return request("planAskQuestion", { body: { question, previous } }) as Promise<AskPlan | AskPlanRefusal>;
}

export type FreeStreamHandlers = { onTable: (table: AnswerTable) => void; onText: (delta: string) => void; onReset: () => void };

/**
 * POST /api/ask-coinsight/answer for the plan the member saw: the server's tables arrive first, then
 * the checked text as it is written; resolves with the final answer (a plain JSON reply works the same).
 */
export async function answerPlan(
  req: AskFreeRequest,
  handlers: FreeStreamHandlers,
  fetchImpl: typeof fetch = fetch,
): Promise<AskFreeResponse> {
  const res = await postForStream("/api/ask-coinsight/answer", req, fetchImpl);
  if (!isStream(res)) {
    const body = await res.json().catch(() => null);
    if (!res.ok) throw refusalOf(res.status, body);
    return body as AskFreeResponse;
  }
  for await (const { event, data } of sseEvents(res.body)) {
    if (!ASK_FREE_EVENTS.includes(event as AskFreeEventName)) continue;
    const e = parseAskFreeEvent(event, data);
    if (!e) throw new AskError(502, undefined, null);
    if (e.event === "table") handlers.onTable(e.data);
    else if (e.event === "delta") handlers.onText(e.data.text);
    else if (e.event === "reset") handlers.onReset();
    else if (e.event === "done") return e.data;
    else throw refusalOf(503, e.data);
  }
  throw new AskError(502, undefined, null);
}

/** The member's kept questions, newest first (reading them is free). */
export function askHistoryQuery(enabled: boolean) {
  return queryOptions({
    queryKey: askHistoryKey,
    queryFn: () => request("listAskHistory", { query: {} }),
    enabled,
    staleTime: 30_000,
  });
}

export function deleteAskHistoryEntry(id: string) {
  return request("deleteAskHistoryEntry", { params: { id } });
}
