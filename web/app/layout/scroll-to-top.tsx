import { useEffect } from "react";
import { useLocation } from "react-router";

/** A new page starts at the top; a change of query string only (tabs, paging) keeps the place. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
