import { QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { http } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { legalDocuments } from "#web/features/legal/documents.ts";
import { HOME_TITLE } from "#web/lib/document-title.ts";
import { createQueryClient } from "#web/lib/query-client.ts";
import { makeArticle, makeCrypto } from "#web/test/fixtures.ts";
import { mock, server } from "#web/test/msw.ts";
import { routes } from "./router.tsx";

const news = makeArticle({ slug: "solana-leads", title: "Solana leads social momentum" });
const guide = makeArticle({ slug: "what-is-a-wallet", title: "What is a crypto wallet?", categoryId: 20 });
const roundup = { id: 18, name: "Daily Roundup", slug: "daily-roundup", description: "The day in crypto.", kind: "news" as const };

/** One example address per route of the router, and the tab title it must set. */
const EXPECTED: Record<string, { at: string; title: string }> = {
  "/": { at: "/", title: HOME_TITLE },
  "/markets": { at: "/markets", title: "Crypto Top 500 | Coinsight" },
  "/coin/:symbol": { at: "/coin/btc", title: "Bitcoin (BTC) Price, Market Cap and Analysis | Coinsight" },
  "/bear-invaders": { at: "/bear-invaders", title: "Bear Invaders | Coinsight" },
  "/news": { at: "/news", title: "Cryptocurrency News | Coinsight" },
  "/search": { at: "/search?q=sol", title: "Search: sol | Coinsight" },
  "/categories/:slug": { at: "/categories/daily-roundup", title: "Daily Roundup | Coinsight" },
  "/article/:slug": { at: "/article/solana-leads", title: "Solana leads social momentum | Coinsight" },
  "/crypto-101": { at: "/crypto-101", title: "Crypto 101: plain-English crypto guides | Coinsight" },
  "/crypto-101/:slug": { at: "/crypto-101/what-is-a-wallet", title: "What is a crypto wallet? | Coinsight" },
  "/tag/:slug": { at: "/tag/bitcoin-etf", title: "Bitcoin ETF: articles | Coinsight" },
  "/preview/:token": { at: `/preview/${"a".repeat(32)}`, title: "Preview | Coinsight" },
  "/account": { at: "/account", title: "My Account | Coinsight" },
  "/subscribe": { at: "/subscribe", title: "Plans | Coinsight" },
  "/subscription-success": { at: "/subscription-success?type=credits", title: "Credits added | Coinsight" },
  "/unsubscribe": { at: "/unsubscribe", title: "Unsubscribe | Coinsight" },
  "/privacy": { at: "/privacy", title: `${legalDocuments.privacy.title} | Coinsight` },
  "/terms": { at: "/terms", title: `${legalDocuments.terms.title} | Coinsight` },
  "/cookies": { at: "/cookies", title: `${legalDocuments.cookies.title} | Coinsight` },
  "/methodology": { at: "/methodology", title: "How our articles are made | Coinsight" },
  "/ask": { at: "/ask", title: "Ask Coinsight | Coinsight" },
  "/admin": { at: "/admin", title: "Admin Panel | Coinsight" },
  "/admin/articles/:id/edit": { at: "/admin/articles/7/edit", title: "Article Editor | Coinsight" },
  "/admin/trash": { at: "/admin/trash", title: "Trash Manager | Coinsight" },
  "*": { at: "/no-such-page", title: "Page not found | Coinsight" },
};

const paths = (routes[0]?.children ?? []).map((r) => r.path ?? "");

beforeEach(() => {
  server.use(
    mock(apiContract.getCrypto, makeCrypto()),
    mock(apiContract.getArticle, ({ params }) => (params.slug === guide.slug ? guide : news)),
    mock(apiContract.getCategory, roundup),
    mock(apiContract.getTag, { slug: "bitcoin-etf", name: "Bitcoin ETF" }),
    // Titles do not depend on the pages' other data: every other call is left unanswered.
    http.all("/api/*", () => new Response("Not found", { status: 404 })),
  );
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  document.title = "before";
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Waits on the title, not a time: under a loaded machine a lazy page's module takes seconds to arrive. */
async function titleAt(at: string, expected: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(document.title).toBe(expected), { timeout: 20_000 });
  const title = document.title;
  view.unmount();
  return title;
}

describe("per-route document titles", () => {
  it("every route of the router has an expected title here, and no two share one", () => {
    expect(paths.sort()).toEqual(Object.keys(EXPECTED).sort());
    const titles = Object.values(EXPECTED).map((e) => e.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each(Object.entries(EXPECTED))(
    "%s sets its own title",
    async (_path, { at, title }) => {
      expect(await titleAt(at, title)).toBe(title);
    },
    30_000,
  );
});
