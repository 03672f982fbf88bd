import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { OutboxChannel, OutboxList } from "#schema/contracts/outbox.ts";
import { api } from "#web/lib/api.ts";

/** How many messages the tab shows; the server allows up to 200. */
export const OUTBOX_PAGE = 100;

export function outboxQuery(channel: OutboxChannel | "all") {
  const params = new URLSearchParams({ limit: String(OUTBOX_PAGE) });
  if (channel !== "all") params.set("channel", channel);
  return queryOptions({
    queryKey: ["admin", "outbox", channel] as const,
    queryFn: () => api<OutboxList>(`/api/admin/outbox?${params}`),
    // Keep the list on screen while another channel loads.
    placeholderData: keepPreviousData,
  });
}
