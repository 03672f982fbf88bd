import { useQuery } from "@tanstack/react-query";
import { subscriptionQuery } from "#web/features/account/api/subscription.ts";
import { SubscribePage } from "#web/features/billing/components/subscribe-page.tsx";
import { useAuth } from "#web/lib/auth.ts";

export default function SubscribeRoute() {
  const { user, isAdmin } = useAuth();
  const sub = useQuery(subscriptionQuery(user !== null && !isAdmin));
  return <SubscribePage subscription={sub.data ?? null} subscriptionLoading={sub.isLoading} />;
}
