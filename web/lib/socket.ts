/** What the site's WebSocket clients share (live prices, the editor's presence). */

/** Backoff after a lost socket: 1 s doubling to 60 s, each wait drawn from its upper half (jitter), so a
 * restarted object is not met by every client in the same second. */
const BACKOFF_MS = { first: 1_000, max: 60_000 };

/** The next wait before reconnecting: exponential, capped, with "equal jitter" (half fixed, half random). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Keep-alive of the sites' sockets: the runtime answers "ping" with "pong" without waking the object. */
export const SOCKET_PING_MS = 25_000;

/** A `ws:` or `wss:` address for `path` on this site. */
export function socketUrl(path: string): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
}

/**
 * Stops listening to a socket and closes it. One still connecting is closed once it opens: closing it
 * while it connects makes the browser log an error.
 */
export function closeSocket(ws: WebSocket): void {
  ws.onmessage = null;
  ws.onclose = null;
  if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000, "bye");
  else if (ws.readyState === WebSocket.OPEN) ws.close(1000, "bye");
}
