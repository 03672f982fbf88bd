import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { subscriptionKeys, subscriptionQuery } from "#web/features/account/api/subscription.ts";
import { SubscriptionSuccess } from "#web/features/billing/components/subscription-success.tsx";
import { useAuth } from "#web/lib/auth.ts";

export default function SubscriptionSuccessRoute() {
  const { user, isAdmin } = useAuth();
  const client = useQueryClient();
  const sub = useQuery(subscriptionQuery(user !== null && !isAdmin));
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: subscriptionKeys.mine }), [client]);
  return <SubscriptionSuccess currentTier={sub.data?.tier ?? null} refresh={refresh} />;
}
