import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Whether a page is being rendered ahead of readers (render-ahead.ts): its own module, because the
 * page cache asks it on every render and render-ahead.ts, which sets it, calls the page routes.
 */
const ahead = new AsyncLocalStorage<true>();

/** Runs `render` as a render ahead of readers. */
export const renderAheadOf = <T>(render: () => T): T => ahead.run(true, render);

/** Whether this render was started ahead of readers: the page cache then skips its lookups and writes KV. */
export const renderingAhead = (): boolean => ahead.getStore() === true;

/** How a page rendered ahead and kept says so (`x-edge-cache`). */
export const RENDERED_AHEAD = "AHEAD";
