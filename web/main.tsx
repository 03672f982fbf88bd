import "./lib/zod-config.ts";
import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { SSR_STATE_ID, type SsrState } from "#schema/contracts/server-render.ts";
import { Providers } from "./app/providers.tsx";
import { routes } from "./app/router.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { RenderContext } from "./lib/render-context.ts";
import "./styles/global.css";

// Unhandled errors are only logged (spec); React Query and the pages show their own error states.
window.addEventListener("unhandledrejection", (e) => console.error("Unhandled rejection:", e.reason));

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// A page the Worker rendered (worker/features/pages/server-render.ts) carries the answers its HTML shows.
const stateText = document.getElementById(SSR_STATE_ID)?.textContent;
const ssr = stateText ? (JSON.parse(stateText) as SsrState) : null;
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
// between them, instead of one long task while a phone parses the page. A page the Worker rendered
// loads this script only after its HTML has painted (web/public/hydrate.js).
startTransition(() => {
  if (ssr && root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
