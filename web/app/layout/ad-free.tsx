import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { subscriptionQuery } from "#web/features/account/api/subscription.ts";
import { AdsContext } from "#web/lib/ads.ts";
import { useAuth } from "#web/lib/auth.ts";

/** Pro members see no advertisement anywhere: every AdSlot below renders nothing for them. */
export function AdFreeForPro({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useAuth();
  const { data: sub } = useQuery(subscriptionQuery(user !== null && !isAdmin));
  return <AdsContext value={sub?.tier !== "pro"}>{children}</AdsContext>;
}
