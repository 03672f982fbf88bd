import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AlertSettingsBody, CreateAlertBody, MarkReadBody, UpdateAlertBody } from "#schema/contracts/alerts.ts";
import { toast } from "#web/components/ui/toast.tsx";
import { HttpError } from "#web/lib/api.ts";
import { request } from "#web/lib/api-client.ts";

export const alertKeys = {
  all: ["alerts"] as const,
  list: ["alerts", "list"] as const,
  settings: ["alerts", "settings"] as const,
  coins: ["alerts", "watched-coins"] as const,
  notifications: ["notifications"] as const,
};

/**
 * The bell asks again every minute: an alert fires on a price tick (every 30 s) or a minute's scan,
 * and a member should see it without reloading (docs/decisions/alerts/alert-kinds-and-bell.md).
 */
export const BELL_REFRESH_MS = 60_000;

export function alertsQuery(enabled = true) {
  return queryOptions({ queryKey: alertKeys.list, queryFn: () => request("listAlerts"), enabled });
}

export function alertSettingsQuery(enabled = true) {
  return queryOptions({ queryKey: alertKeys.settings, queryFn: () => request("getAlertSettings"), enabled });
}

/** The member's watched coins, offered as suggestions in the alert form's coin field. */
export function watchedCoinsQuery(enabled = true) {
  return queryOptions({
    queryKey: alertKeys.coins,
    queryFn: async () => (await request("listWatchlist")).map((e) => ({ symbol: e.cryptoSymbol, name: e.cryptoName })),
    enabled,
  });
}

export function notificationsQuery(enabled = true) {
  return queryOptions({
    queryKey: alertKeys.notifications,
    queryFn: () => request("listNotifications"),
    enabled,
    refetchInterval: BELL_REFRESH_MS,
  });
}

/** The server's message for a failed call (the one error body), or `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return (error instanceof HttpError ? error.serverMessage : undefined) ?? fallback;
}

function useAlertMutation<I>(fn: (input: I) => Promise<unknown>, done?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      if (done) toast({ title: done });
    },
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export const useCreateAlert = () => useAlertMutation((body: CreateAlertBody) => request("createAlert", { body }), "Alert added");
export const useUpdateAlert = () =>
  useAlertMutation(({ id, body }: { id: number; body: UpdateAlertBody }) => request("updateAlert", { params: { id }, body }));
export const useDeleteAlert = () => useAlertMutation((id: number) => request("deleteAlert", { params: { id } }), "Alert deleted");
export const useUpdateAlertSettings = () =>
  useAlertMutation((body: AlertSettingsBody) => request("updateAlertSettings", { body }), "Email settings saved");

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => request("markNotificationsRead", { body }),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.notifications }),
  });
}
