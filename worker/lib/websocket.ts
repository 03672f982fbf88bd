/**
 * What the objects that hold hibernating WebSockets (live prices' hub, the editor's presence) share:
 * the close handshake, the per-socket message allowance kept in the socket's attachment, and the
 * size of a client message.
 */

/** Close codes (RFC 6455 §7.4.1). */
export const WS_CLOSE = { goingAway: 1001, policy: 1008, tooBig: 1009, error: 1011 } as const;

export function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Closed already (the runtime may have answered the close itself).
  }
}

/** `webSocketClose`: completes the closing handshake (1005 and 1006 are reserved: they may not be sent back). */
export function answerClose(ws: WebSocket, code: number, reason: string): void {
  closeQuietly(ws, code === 1005 || code === 1006 ? WS_CLOSE.goingAway : code, reason);
}

/** Sends `text`, or nothing to a socket closing under us (its close handler tidies up). Answers whether it went. */
export function sendQuietly(ws: WebSocket, text: string): boolean {
  try {
    ws.send(text);
    return true;
  } catch {
    return false;
  }
}

/** A socket's message allowance: the window's start and the messages in it (kept in its attachment, so it survives hibernation). */
export type MessageWindow = { windowStart: number; count: number };

/** The allowance after one more message at `now`, and whether that message is over `limit` for the window. */
function countMessage<A extends MessageWindow>(a: A, now: number, windowMs: number, limit: number): { next: A; over: boolean } {
  const fresh = now - a.windowStart >= windowMs;
  const next = { ...a, windowStart: fresh ? now : a.windowStart, count: fresh ? 1 : a.count + 1 };
  return { next, over: next.count > limit };
}

function messageBytes(message: string | ArrayBuffer): number {
  return typeof message === "string" ? new TextEncoder().encode(message).byteLength : message.byteLength;
}

const MINUTE_MS = 60_000;

/** What a client may send a socket: bytes a message, and messages a minute. */
export type MessageLimits = { maxBytes: number; perMinute: number };

/** Why a message is refused: the close code, the protocol's error code and its message. */
export type MessageRefusal = { close: number; code: "PAYLOAD_TOO_LARGE" | "RATE_LIMITED"; message: string };

/**
 * Counts a client message against its socket's allowance (kept in the attachment, which this updates):
 * the refusal when it is too big or over the minute's allowance, else null.
 */
export function admitMessage(ws: WebSocket, message: string | ArrayBuffer, limits: MessageLimits): MessageRefusal | null {
  if (messageBytes(message) > limits.maxBytes)
    return { close: WS_CLOSE.tooBig, code: "PAYLOAD_TOO_LARGE", message: `Messages are at most ${limits.maxBytes} bytes.` };
  const counted = countMessage(ws.deserializeAttachment() as MessageWindow, Date.now(), MINUTE_MS, limits.perMinute);
  ws.serializeAttachment(counted.next);
  return counted.over ? { close: WS_CLOSE.policy, code: "RATE_LIMITED", message: `At most ${limits.perMinute} messages a minute.` } : null;
}

/** Tells the client why in `errorText` (the protocol's own error message), then closes with `code`. */
export function refuseMessage(ws: WebSocket, code: number, errorText: string, reason: string): void {
  sendQuietly(ws, errorText);
  closeQuietly(ws, code, reason.slice(0, 120));
}
