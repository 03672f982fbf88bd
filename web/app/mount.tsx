import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import type { SsrState } from "#schema/contracts/server-render.ts";
import { createQueryClient } from "#web/lib/query-client.ts";
import { RenderContext } from "#web/lib/render-context.ts";
import { Providers } from "./providers.tsx";
import { routes } from "./router.tsx";

/**
 * Starts the app in `root`: hydrates the page the Worker rendered (with the answers it showed), or
 * renders it afresh. main.tsx loads this module in a task of its own.
 */
export function mount(root: HTMLElement, ssr: SsrState | null): void {
  const client = createQueryClient();
  if (ssr) hydrate(client, ssr.queries as DehydratedState);
  const app = (
    <StrictMode>
      <RenderContext value={ssr ? { origin: window.location.origin, now: ssr.now } : null}>
        <Providers client={client}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </Providers>
      </RenderContext>
    </StrictMode>
  );
  // A transition: React renders (or hydrates) the first screen in slices and lets the browser breathe
  // between them, instead of one long task while a phone parses the page.
  startTransition(() => {
    if (ssr && root.firstElementChild) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
