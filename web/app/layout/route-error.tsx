import { useEffect } from "react";
import { useRouteError } from "react-router";
import { Button, buttonClass } from "#web/components/ui/button.tsx";

/** sessionStorage key: the address already reloaded once after a missing chunk. */
export const RELOAD_MARK = "coinsight:reloaded-after-chunk-error";

/** Browsers word a failed dynamic import differently; after a deploy the old chunk names are gone. */
function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === "ChunkLoadError" ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

function reloadOnce(reload: () => void): boolean {
  const here = `${window.location.pathname}${window.location.search}`;
  try {
    if (sessionStorage.getItem(RELOAD_MARK) === here) return false;
    sessionStorage.setItem(RELOAD_MARK, here);
  } catch {
    // Storage blocked: a reload loop is worse than a button.
    return false;
  }
  reload();
  return true;
}

const reloadPage = () => window.location.reload();

/**
 * The app's error element: a friendly page instead of React Router's developer screen. A page
 * whose code can no longer be fetched (a deploy replaced its chunk) reloads once to pick up the
 * new build; if that did not help, the reader gets a button instead of a reload loop.
 */
export function RouteError({ reload = reloadPage }: { reload?: () => void }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) reloadOnce(reload);
    else console.error(error);
  }, [chunk, error, reload]);
  return (
    <main className="container page" style={{ textAlign: "center", paddingBlock: 64 }}>
      <h1>{chunk ? "Coinsight has been updated" : "Something went wrong"}</h1>
      <p className="muted">
        {chunk
          ? "A newer version of the site is available. Reload the page to continue."
          : "This page could not be shown. Please try again, or go back to the home page."}
      </p>
      <p style={{ display: "flex", gap: 12, justifyContent: "center", flexWrap: "wrap" }}>
        <Button onClick={reload}>Reload the page</Button>
        <a className={buttonClass("outline")} href="/">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
