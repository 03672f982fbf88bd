import { useEffect } from "react";

/**
 * Marks <html data-app-ready> once the first page has rendered or hydrated (it sits inside the page's
 * Suspense boundary, so its effect runs with the page's own). Until then a page the Worker rendered
 * shows but does not answer clicks: the e2e harness waits for this mark after each load.
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.setAttribute("data-app-ready", "");
  }, []);
  return null;
}
