import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { makeCrypto } from "#web/test/fixtures.ts";
import { renderAt } from "#web/test/render.tsx";
import { CryptoTable } from "./crypto-table.tsx";

const coins = [
  makeCrypto(),
  makeCrypto({
    id: "ethereum",
    rank: 2,
    name: "Ethereum",
    symbol: "ETH",
    imageUrl: "",
    price: "$1,808.70",
    price24h: "-1.20%",
    marketCap: 2.2e11,
    volume24h: 999,
  }),
];

describe("CryptoTable", () => {
  it("shows the spec's columns and the formatted figures", () => {
    renderAt(<CryptoTable coins={coins} isLoading={false} isError={false} />);
    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
    expect(headers).toEqual(["#", "Name", "Price", "1h %", "24h %", "7d %", "Market Cap", "Volume (24h)"]);
    expect(screen.getByText("$1.28T")).toBeInTheDocument();
    expect(screen.getByText("$999")).toBeInTheDocument();
    expect(screen.getByText("+0.64%")).toHaveClass("gain");
    expect(screen.getByText("-1.20%")).toHaveClass("loss");
  });

  it("adds the star column only when given one", () => {
    renderAt(
      <CryptoTable
        coins={coins}
        isLoading={false}
        isError={false}
        star={{ header: "Watchlist", cell: (c) => <button type="button">star {c.symbol}</button> }}
      />,
    );
    expect(screen.getAllByRole("columnheader")).toHaveLength(9);
    expect(screen.getByRole("button", { name: "star BTC" })).toBeInTheDocument();
  });

  it("opens /coin/{symbol lowercased} on a row click", () => {
    const { router } = renderAt(<CryptoTable coins={coins} isLoading={false} isError={false} />, {
      routes: [{ path: "/coin/:symbol", element: <p>coin page</p> }],
    });
    fireEvent.click(screen.getByText("$64,039.00"));
    expect(router.state.location.pathname).toBe("/coin/btc");
  });

  it("opens a coin's page in the app from its name, and leaves a modified click to the browser (a new tab)", () => {
    const { router } = renderAt(<CryptoTable coins={coins} isLoading={false} isError={false} />, {
      routes: [{ path: "/coin/:symbol", element: <p>coin page</p> }],
    });
    const name = screen.getByRole("link", { name: "Ethereum" });
    expect(name).toHaveAttribute("href", "/coin/eth");
    // fireEvent returns false when the handler prevented the browser's own navigation.
    expect(fireEvent.click(name, { ctrlKey: true })).toBe(true);
    expect(router.state.location.pathname).toBe("/");
    expect(fireEvent.click(name)).toBe(false);
    expect(router.state.location.pathname).toBe("/coin/eth");
  });

  it("replaces a missing or broken image with the symbol's initials", () => {
    renderAt(<CryptoTable coins={coins} isLoading={false} isError={false} />);
    expect(screen.getByTestId("coin-initials")).toHaveTextContent("ETH");
    const img = document.querySelector("img") as HTMLImageElement;
    fireEvent.error(img);
    expect(screen.getAllByTestId("coin-initials").map((e) => e.textContent)).toEqual(["BTC", "ETH"]);
  });

  it("shows unknown figures as an em dash, never 0", () => {
    const unknown = makeCrypto({ id: "x", symbol: "XUNK", change1h: null, price1h: "0.00%", change24h: null, price24h: "0.00%" });
    renderAt(<CryptoTable coins={[{ ...unknown, volume24h: null as unknown as number }]} isLoading={false} isError={false} />);
    const row = screen.getAllByRole("row")[1] as HTMLElement;
    expect(row.textContent).not.toContain("0.00%");
    expect(row.textContent).not.toContain("$0");
    expect(within(row).getAllByText("\u2014")).toHaveLength(3);
  });

  it("makes sortable headers buttons that report the sort and ask for the next one", () => {
    const seen: string[] = [];
    renderAt(
      <CryptoTable
        coins={coins}
        isLoading={false}
        isError={false}
        sort={{ key: "change24h", order: "desc", onSort: (k) => seen.push(k) }}
      />,
    );
    expect(screen.getByRole("columnheader", { name: /24h %/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("columnheader", { name: /Market Cap/ })).not.toHaveAttribute("aria-sort");
    fireEvent.click(screen.getByRole("button", { name: /1h %/ }));
    fireEvent.click(screen.getByRole("button", { name: /Volume/ }));
    expect(seen).toEqual(["change1h", "volume24h"]);
  });

  it("draws a 7-day sparkline where the row has one, and says how much is recorded where it has none", () => {
    const [btc, eth] = coins as [Crypto, Crypto];
    const withLine = { ...btc, change7d: 2, price7d: "+2.00%", sparkline: [null, 1, 2, null, 3, 2.5], sparklineHours: 168 };
    const sol = makeCrypto({ id: "solana", name: "Solana", symbol: "SOL", rank: 300 });
    const nothing = makeCrypto({ id: "nothing", name: "Nothing", symbol: "NOT", rank: 301 });
    renderAt(
      <CryptoTable
        coins={[
          withLine,
          { ...eth, sparkline: null, sparklineHours: 25 },
          { ...sol, sparkline: null, sparklineHours: 9 },
          { ...nothing, sparkline: null, sparklineHours: 0 },
        ]}
        isLoading={false}
        isError={false}
        sparklines
      />,
    );
    expect(screen.getByRole("columnheader", { name: "Last 7 Days" })).toBeInTheDocument();
    const line = screen.getByTestId("sparkline");
    expect(line).toHaveAccessibleName("7-day trend up");
    // One line through the four recorded prices: empty slots are crossed, never given a value.
    const drawn = line.querySelectorAll("polyline");
    expect(drawn).toHaveLength(1);
    expect(drawn[0]?.getAttribute("points")?.split(" ")).toHaveLength(4);
    const [, ethRow, solRow, nothingRow] = screen.getAllByRole("row").slice(1) as HTMLElement[];
    expect(within(ethRow as HTMLElement).getByTestId("sparkline-missing")).toHaveTextContent("Last 7 days not recorded: 1 d only");
    expect(within(solRow as HTMLElement).getByTestId("sparkline-missing")).toHaveTextContent("9 h only");
    expect(within(nothingRow as HTMLElement).getByTestId("sparkline-missing")).toHaveTextContent("\u2014");
  });

  /** One Bitcoin row with a whole week's sparkline and the 7-day change given. */
  function sparkRow(change7d: number, price7d: string, sparkline: number[]) {
    const [btc] = coins as [Crypto];
    renderAt(
      <CryptoTable coins={[{ ...btc, change7d, price7d, sparkline, sparklineHours: 168 }]} isLoading={false} isError={false} sparklines />,
    );
  }

  it("colours a sparkline by the 7-day change beside it, never green beside a fall", () => {
    // The drawn line ends higher than it starts, but the row's 7 d change is -6.98 %.
    sparkRow(-6.98, "-6.98%", [1, 2, 3]);
    const line = screen.getByTestId("sparkline");
    expect(line).toHaveAccessibleName("7-day trend down");
    expect(line.querySelector("polyline")).toHaveAttribute("stroke", "var(--loss)");
  });

  it("colours a sparkline as its change's text reads: a change that rounds to +0.00% is not drawn as a fall", () => {
    sparkRow(-0.001, "+0.00%", [3, 2, 1]);
    const row = screen.getAllByRole("row")[1] as HTMLElement;
    expect(within(row).getByText("+0.00%")).toHaveClass("gain");
    expect(within(row).getByTestId("sparkline").querySelector("polyline")).toHaveAttribute("stroke", "var(--gain)");
  });

  it("shows the spec's error text when loading failed", () => {
    renderAt(<CryptoTable coins={undefined} isLoading={false} isError={true} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load cryptocurrency data");
  });

  it("sketches rows while loading and shows the empty state when told", () => {
    const { unmount } = renderAt(<CryptoTable coins={undefined} isLoading={true} isError={false} skeletonRows={4} />);
    expect(screen.getAllByRole("row")).toHaveLength(5);
    unmount();
    renderAt(<CryptoTable coins={[]} isLoading={false} isError={false} empty={<p>Your watchlist is empty</p>} />);
    expect(screen.getByText("Your watchlist is empty")).toBeInTheDocument();
  });
});

describe("figures the data source does not report", () => {
  it("show as unknown in the markets table", () => {
    // Offline, coins ranked 251-500 come without volume or 1-hour change.
    const partial = makeCrypto({ name: "MultiversX", symbol: "EGLD", change1h: null, volume24h: null });
    renderAt(<CryptoTable coins={[partial]} isLoading={false} isError={false} />);
    const row = screen.getByRole("row", { name: /MultiversX/ });
    const unknowns = within(row).getAllByText("—");
    expect(unknowns.length).toBeGreaterThanOrEqual(2);
    expect(unknowns[0]).toHaveAttribute("title", "Not reported by the data source");
    expect(row).not.toHaveTextContent("$0");
  });
});
