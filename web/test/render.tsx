import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createQueryClient } from "#web/lib/query-client.ts";

/** Renders `element` at `path` inside the app's providers, with extra routes to land on. */
type RenderOptions = { path?: string; at?: string; routes?: { path: string; element: ReactElement }[] };

export function renderAt(element: ReactElement, { path = "/", at, routes = [] }: RenderOptions = {}) {
  const client = createQueryClient();
  const router = createMemoryRouter([{ path, element }, ...routes], { initialEntries: [at ?? path] });
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, client };
}

/** A fetch stub answering JSON by path; unknown paths answer 404. */
export function stubFetch(routes: Record<string, unknown | (() => Response)>) {
  return async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const key = `${url.pathname}${url.search}`;
    const hit = routes[key] ?? routes[url.pathname];
    if (hit === undefined) return new Response("Not found", { status: 404, statusText: "Not Found" });
    if (typeof hit === "function") return (hit as () => Response)();
    return new Response(JSON.stringify(hit), { status: 200, headers: { "content-type": "application/json" } });
  };
}
