/**
 * The live-prices protocol's numbers and names, without a validator: the browser's pages import
 * these, and the home page loads no validator library (schema/contracts/live.ts holds the schemas
 * the Worker checks messages with, and re-exports these).
 */

/** Rows per page of the Top 500 table (the markets page's page size); `top:n` covers ranks 100(n-1)+1 to 100n. */
export const LIVE_PAGE_SIZE = 100;
/** Pages of the Top 500 table, the highest `top:n` there is. */
export const LIVE_PAGES = 5;
/** Topics on one socket: WebSocket tags are capped at 10 per socket, one is the client's address. */
export const LIVE_MAX_TOPICS = 8;
/** A client message longer than this closes the socket (1009): the only messages are tiny. */
export const LIVE_MAX_MESSAGE_BYTES = 256;

/** The page of the table a rank is on (`top:n`). */
export function pageTopic(rank: number): `top:${number}` {
  return `top:${Math.min(LIVE_PAGES, Math.max(1, Math.ceil(rank / LIVE_PAGE_SIZE)))}`;
}

/** Close codes (RFC 6455 §7.4.1; 4000-4999 are the application's). */
export const LIVE_CLOSE = { policy: 1008, tooBig: 1009, goingAway: 1001 } as const;
