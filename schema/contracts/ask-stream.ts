// No zod here: the coin page's Ask card reads the stream, and the validator stays on the server
// (ask.ts holds one schema per event, which the Worker's tests check every event it writes against).
import type { AskRefusal, AskResponse } from "./ask-types.ts";

/**
 * The events of POST /api/ask-coinsight's stream (Accept: text/event-stream): checked lines as they
 * are written (`delta`), a restart after a held line (`reset`: drop what was shown), and the end,
 * either the same JSON answer a plain request gets (`done`) or the assistant-plans-admin.md §8 failure with the plan (`error`).
 */
export type AskStreamEvent =
  | { event: "delta"; data: { text: string } }
  | { event: "reset"; data: Record<string, never> }
  | { event: "done"; data: AskResponse }
  | { event: "error"; data: AskRefusal };

export type AskStreamEventName = AskStreamEvent["event"];
export const ASK_STREAM_EVENTS: readonly AskStreamEventName[] = ["delta", "reset", "done", "error"];

/** One event as a server-sent event's `event:` and `data:` fields. */
export function formatAskEvent(e: AskStreamEvent): { event: AskStreamEventName; data: string } {
  return { event: e.event, data: JSON.stringify(e.data) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** An event's data as the object it must be, or null (not JSON, or not an object). */
export function eventObject(data: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * One event read back from its `event:` and `data:` fields, or null when it is none of the four or
 * its data has the wrong shape. The checks are structural (the fields the card reads), which is all
 * a reader needs to never act on a malformed event.
 */
export function parseAskEvent(event: string, data: string): AskStreamEvent | null {
  const parsed = eventObject(data);
  if (!parsed) return null;
  switch (event) {
    case "delta":
      return typeof parsed.text === "string" ? { event, data: { text: parsed.text } } : null;
    case "reset":
      return { event, data: {} };
    case "done":
      return parsed.success === true && typeof parsed.response === "string" ? { event, data: parsed as AskResponse } : null;
    case "error":
      return isObject(parsed.error) && typeof parsed.error.message === "string" ? { event, data: parsed as AskRefusal } : null;
    default:
      return null;
  }
}
