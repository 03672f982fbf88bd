import { PRICE_REFRESH_MS } from "./query-client.ts";

/**
 * Whether prices arrive over the live socket (web/features/live-prices). Price queries poll only
 * while it is not live: polling is the fallback when sockets fail, are refused, or the tab sleeps.
 * - off: no socket at all (the server render, a crawler, a browser without WebSocket);
 * - connecting, live, paused (a lost or refused socket, or a hidden tab: the page polls).
 */
export type LiveStatus = "off" | "connecting" | "live" | "paused";

let status: LiveStatus = "off";
const listeners = new Set<() => void>();

export function getLiveStatus(): LiveStatus {
  return status;
}

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const l of listeners) l();
}

export function subscribeLiveStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `refetchInterval` of the queries the socket keeps current: no polling while live. */
export function priceRefetchInterval(): number | false {
  return status === "live" ? false : PRICE_REFRESH_MS;
}
