import { createContext, useContext, useSyncExternalStore } from "react";

/**
 * What a page rendered in the Worker (web/entry-server.tsx) was spelled with: the request's origin and
 * the server's clock. The browser hydrates with the same values, so its first render matches the
 * server's HTML exactly; after hydration the reader's own clock and time zone take over.
 */
export type RenderSnapshot = { origin: string; now: number };

/** Null in a page the browser rendered on its own. */
export const RenderContext = createContext<RenderSnapshot | null>(null);

const neverChanges = () => () => {};

/** False on the server and while the browser hydrates its HTML; true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/** The site's origin, e.g. for a share link: the request's on the server, the window's in the browser. */
export function useSiteOrigin(): string {
  return useContext(RenderContext)?.origin ?? window.location.origin;
}

/** A page the browser rendered on its own draws its own seed, once per page load. */
const browserSeed = Math.floor(Math.random() * 2 ** 32);

/**
 * A seed for what a page picks at random on each visit: the server's render time, so the browser
 * picks the same as the HTML it hydrates, or else one drawn per page load.
 */
export function useVisitSeed(): number {
  return useContext(RenderContext)?.now ?? browserSeed;
}

export type Clock = { now: number; zone: "utc" | "local" };

/** The time a date on screen is spelled against: the server's (UTC) until hydrated, then the reader's. */
export function useClock(): Clock {
  const rendered = useContext(RenderContext);
  const hydrated = useHydrated();
  return rendered && !hydrated ? { now: rendered.now, zone: "utc" } : { now: Date.now(), zone: "local" };
}
