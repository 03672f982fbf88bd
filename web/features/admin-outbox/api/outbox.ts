import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { OutboxChannel } from "#schema/contracts/outbox.ts";
import { request } from "#web/lib/api-client.ts";

/** How many messages the tab shows; the server allows up to 200. */
export const OUTBOX_PAGE = 100;

export function outboxQuery(channel: OutboxChannel | "all") {
  return queryOptions({
    queryKey: ["admin", "outbox", channel] as const,
    queryFn: () => request("listOutbox", { query: { limit: OUTBOX_PAGE, channel: channel === "all" ? undefined : channel } }),
    // Keep the list on screen while another channel loads.
    placeholderData: keepPreviousData,
  });
}
