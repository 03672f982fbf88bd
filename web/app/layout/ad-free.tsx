import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { subscriptionQuery } from "#web/features/account/api/subscription.ts";
import { AdsContext } from "#web/lib/ads.ts";
import { useAuth } from "#web/lib/auth.ts";

/**
 * Pro members see no advertisement anywhere: every AdSlot below renders nothing for them. Slots stay
 * empty (but keep their size, so nothing moves when they fill) until the reader's plan is known, so a
 * Pro member never sees one flash in while it loads.
 */
export function AdFreeForPro({ children }: { children: ReactNode }) {
  const { user, isLoading, isAdmin } = useAuth();
  const { data: sub, isError } = useQuery(subscriptionQuery(user !== null && !isAdmin));
  const known = !isLoading && (user === null || isAdmin || isError || sub !== undefined);
  const shown = known ? user === null || isAdmin || isError || sub?.tier !== "pro" : null;
  return <AdsContext value={shown}>{children}</AdsContext>;
}
