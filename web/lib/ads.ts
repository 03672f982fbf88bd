import { createContext, useContext } from "react";

/**
 * Whether this reader sees ad placeholders: true, false, or null while the reader's plan is still
 * unknown. Pro has no advertisements (assistant-plans-admin.md §6), so the app shell turns them off
 * for Pro members; everyone else sees them.
 */
export const AdsContext = createContext<boolean | null>(true);

export function useAdsShown(): boolean | null {
  return useContext(AdsContext);
}
