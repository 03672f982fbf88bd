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
