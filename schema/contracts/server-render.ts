/**
 * The contract between the Worker and the web build's page renderer (web/entry-server.tsx, built into
 * dist/server by `npm run build`): the Worker asks for a page's first screen and embeds the answer.
 */
export type RenderInput = {
  /** The page's full URL. */
  url: string;
  /** The server's clock (ms): dates and "5 minutes ago" are spelled against it, in UTC. */
  now: number;
};

export type RenderedPage = {
  /** The markup of the app inside #root. */
  html: string;
  /** What the browser hydrates with: the render's clock and the API answers the markup shows. */
  state: SsrState;
};

/** Embedded in the page as JSON (script#ssr-state) and read by web/main.tsx. */
export type SsrState = { now: number; queries: unknown };

/** Null when the page cannot be rendered on the server (the browser then renders it alone). */
export type RenderPage = (input: RenderInput) => Promise<RenderedPage | null>;

/** Where the renderer's API calls go: answered in-process by the Worker. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

export const SSR_STATE_ID = "ssr-state";
