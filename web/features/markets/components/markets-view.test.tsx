import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { makeCrypto, makePageRow } from "#web/test/fixtures.ts";
import { errorBody, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { MarketsView } from "./markets-view.tsx";

const gensyn = makeCrypto({ id: "gensyn", name: "Gensyn", symbol: "AI", rank: 262, change24h: 33.8, price24h: "+33.80%", volume24h: null });
const skyai = makeCrypto({ id: "skyai", name: "SkyAI", symbol: "SKYAI", rank: 180, change24h: 17.9, price24h: "+17.90%", volume24h: 2e6 });
// The Top 500 asks which categories it may offer: none, unless a test says otherwise.
beforeEach(() => server.use(mock(apiContract.listCoinCategories, { date: null, source: null, categories: [] })));

const thin = makeCrypto({ id: "thin", name: "Thin Coin", symbol: "THIN", rank: 90, change24h: 40, price24h: "+40.00%", volume24h: 900 });

describe("the movers rule on the markets page", () => {
  it("Top Gainers states its universe and volume floor and marks a coin whose volume is not recorded", async () => {
    server.use(mock(apiContract.listGainers, [gensyn, skyai]));
    renderAt(<MarketsView />, { path: "/markets", at: "/markets?tab=gainers" });
    const gensynRow = await screen.findByRole("row", { name: /Gensyn/ });
    expect(screen.getByTestId("movers-rule")).toHaveTextContent(
      "Coins of the Top 500 by 24-hour price change. Coins that traded less than $50K in 24 hours are left out; coins whose volume is not recorded are shown, marked 'volume not recorded'.",
    );
    expect(within(gensynRow).getByTestId("mover-mark")).toHaveTextContent("volume not recorded");
    expect(within(screen.getByRole("row", { name: /SkyAI/ })).queryByTestId("mover-mark")).toBeNull();
  });

  it("the Top 500 sorted by 24 h change states the same rule and marks the coins the movers leave out", async () => {
    server.use(
      mock(apiContract.listCryptos, {
        data: [thin, gensyn, skyai].map((c) => makePageRow(c)),
        pagination: { page: 1, limit: 100, total: 3, totalPages: 1 },
      }),
    );
    renderAt(<MarketsView />, { path: "/markets", at: "/markets?sort=change24h&order=desc" });
    const thinRow = await screen.findByRole("row", { name: /Thin Coin/ });
    expect(screen.getByTestId("movers-rule")).toHaveTextContent(
      /^Sorted by 24-hour change\. Top Gainers and Top Losers list the same coins/,
    );
    expect(within(thinRow).getByTestId("mover-mark")).toHaveTextContent("traded under $50K: not in Top Gainers/Losers");
    expect(within(screen.getByRole("row", { name: /Gensyn/ })).getByTestId("mover-mark")).toHaveTextContent("volume not recorded");
  });

  it("the Top 500 in rank order carries no movers marks", async () => {
    server.use(
      mock(apiContract.listCryptos, {
        data: [thin].map((c) => makePageRow(c)),
        pagination: { page: 1, limit: 100, total: 1, totalPages: 1 },
      }),
    );
    renderAt(<MarketsView />, { path: "/markets", at: "/markets" });
    await screen.findByRole("row", { name: /Thin Coin/ });
    expect(screen.queryByTestId("movers-rule")).toBeNull();
    expect(screen.queryByTestId("mover-mark")).toBeNull();
  });
});

describe("rows per page on the Top 500", () => {
  it("asks for 100 rows by default, and for 50 or 250 when the reader picks them, from page 1, in the address", async () => {
    const asked: string[] = [];
    server.use(
      mock(apiContract.listCryptos, ({ query }) => {
        asked.push(`${query.page}:${query.limit}`);
        const limit = Number(query.limit);
        return {
          data: [thin].map((c) => makePageRow(c)),
          pagination: { page: Number(query.page), limit, total: 500, totalPages: Math.ceil(500 / limit) },
        };
      }),
    );
    const user = userEvent.setup();
    const { router } = renderAt(<MarketsView />, { path: "/markets", at: "/markets?page=3" });
    const location = () => router.state.location;
    await screen.findByRole("row", { name: /Thin Coin/ });
    expect(asked).toEqual(["3:100"]);
    const rows = screen.getByRole("combobox", { name: "Rows" });
    expect(rows).toHaveValue("100");
    await user.selectOptions(rows, "250");
    await screen.findByRole("navigation", { name: "Top 500 pages" });
    expect(location().search).toBe("?rows=250");
    await waitFor(() => expect(asked.at(-1)).toBe("1:250"));
    // The page of 250 replaces the page of 100 (kept on screen while it loads): 2 pages, not 5.
    await waitFor(() =>
      expect(within(screen.getByRole("navigation", { name: "Top 500 pages" })).getAllByRole("button", { name: /^Page/ })).toHaveLength(2),
    );
    await user.selectOptions(rows, "50");
    expect(location().search).toBe("?rows=50");
    await waitFor(() => expect(asked.at(-1)).toBe("1:50"));
  });

  it("reads an unknown rows value as 100", async () => {
    const asked: string[] = [];
    server.use(
      mock(apiContract.listCryptos, ({ query }) => {
        asked.push(String(query.limit));
        return { data: [], pagination: { page: 1, limit: 100, total: 0, totalPages: 0 } };
      }),
    );
    renderAt(<MarketsView />, { path: "/markets", at: "/markets?rows=7" });
    await screen.findByRole("combobox", { name: "Rows" });
    await expect.poll(() => asked).toEqual(["100"]);
  });
});

describe("the Top 500's category filter", () => {
  const page = (coins: ReturnType<typeof makeCrypto>[]) => ({
    data: coins.map((c) => makePageRow(c)),
    pagination: { page: 1, limit: 100, total: coins.length, totalPages: 1 },
  });
  const bitcoin = makeCrypto({ id: "bitcoin", name: "Bitcoin", symbol: "BTC", rank: 1 });
  const classified = {
    date: "2026-11-29",
    source: "lunarcrush",
    categories: [
      { slug: "layer-1", label: "Layer 1", coins: 2 },
      { slug: "meme", label: "Meme", coins: 1 },
    ],
  };

  it("offers the source's categories, lists the chosen one's coins from page 1, and keeps sort and rows", async () => {
    const asked: string[] = [];
    server.use(
      mock(apiContract.listCoinCategories, classified),
      mock(apiContract.listCryptos, page([thin, bitcoin])),
      mock(apiContract.getCoinCategory, ({ params, query }) => {
        asked.push(`${params.slug}:${query.page}:${query.limit}:${query.sort ?? ""}`);
        return page([bitcoin]);
      }),
    );
    const user = userEvent.setup();
    const { router } = renderAt(<MarketsView />, { path: "/markets", at: "/markets?page=2&rows=50&sort=price&order=desc" });
    const picker = await screen.findByRole("combobox", { name: "Category" });
    expect(
      within(picker)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All coins", "Layer 1 (2)", "Meme (1)"]);
    expect(screen.getByText("As LunarCrush files the coins (snapshot of 2026-11-29).")).toBeInTheDocument();
    await user.selectOptions(picker, "layer-1");
    expect(router.state.location.search).toBe("?sort=price&order=desc&rows=50&category=layer-1");
    await screen.findByRole("table", { name: "Layer 1 coins in the Top 500" });
    expect(asked).toEqual(["layer-1:1:50:price"]);
    expect(screen.queryByRole("row", { name: /Thin Coin/ })).toBeNull();
    expect(screen.queryByTestId("category-note")).toBeNull();
    // Back to every coin: the category leaves the address.
    await user.selectOptions(picker, "");
    expect(router.state.location.search).toBe("?sort=price&order=desc&rows=50");
    await screen.findByRole("row", { name: /Thin Coin/ });
  });

  it("offers none offline and says why under the table (the model's categories are guesses from names)", async () => {
    server.use(
      mock(apiContract.listCoinCategories, { date: "2026-11-29", source: "offline", categories: [] }),
      mock(apiContract.listCryptos, page([thin])),
    );
    renderAt(<MarketsView />, { path: "/markets", at: "/markets" });
    expect(await screen.findByTestId("category-note")).toHaveTextContent(
      "No category filter: offline, a coin's categories are the sentiment model's guesses from its name, not a classification.",
    );
    expect(screen.queryByRole("combobox", { name: "Category" })).toBeNull();
  });

  it("says a category in an old link files no coin, and offers the whole table", async () => {
    server.use(
      mock(apiContract.listCoinCategories, classified),
      mock(apiContract.listCryptos, page([thin])),
      mock(apiContract.getCoinCategory, errorBody("NOT_FOUND", "No coin of the Top 500 is filed under it."), { status: 404 }),
    );
    const user = userEvent.setup();
    const { router } = renderAt(<MarketsView />, { path: "/markets", at: "/markets?category=ai-agents" });
    await screen.findByText(/No coin of the Top 500 is filed under the category “ai-agents” in the latest snapshot/);
    await user.click(screen.getByRole("button", { name: "Show all coins" }));
    expect(router.state.location.search).toBe("");
    await screen.findByRole("row", { name: /Thin Coin/ });
  });
});
