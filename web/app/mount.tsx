import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import type { SsrState } from "#schema/contracts/server-render.ts";
import { nextTask } from "#web/lib/next-task.ts";
import { createQueryClient } from "#web/lib/query-client.ts";
import { RenderContext } from "#web/lib/render-context.ts";
import { Providers } from "./providers.tsx";
import { routes } from "./router.tsx";

/**
 * Starts the app in `root`: hydrates the page the Worker rendered (with the answers it showed), or
 * renders it afresh. main.tsx loads this module in a task of its own, and each step here takes a task
 * of its own: on a phone (4× CPU) the data cache took 10-16 ms, the router 42-64 ms (mostly compiling
 * its code on first use) and scheduling the hydration 17-20 ms, one task of 70-100 ms together.
 */
export async function mount(root: HTMLElement, ssr: SsrState | null): Promise<void> {
  const client = createQueryClient();
  if (ssr) hydrate(client, ssr.queries as DehydratedState);
  await nextTask();
  const router = createBrowserRouter(routes);
  await nextTask();
  const app = (
    <StrictMode>
      <RenderContext value={ssr ? { origin: window.location.origin, now: ssr.now } : null}>
        <Providers client={client}>
          <RouterProvider router={router} />
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
