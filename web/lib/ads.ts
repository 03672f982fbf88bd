import { createContext, useContext } from "react";

/**
 * Whether this reader sees ad placeholders. Pro has no advertisements (assistant-plans-admin.md §6),
 * so the app shell turns them off for Pro members; everyone else sees them.
 */
export const AdsContext = createContext(true);

export function useAdsShown(): boolean {
  return useContext(AdsContext);
}
