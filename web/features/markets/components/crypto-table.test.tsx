import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
    expect(headers).toEqual(["#", "Name", "Price", "24h %", "7d %", "Market Cap", "Volume (24h)"]);
    expect(screen.getByText("$1284.52B")).toBeInTheDocument();
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
    expect(screen.getAllByRole("columnheader")).toHaveLength(8);
    expect(screen.getByRole("button", { name: "star BTC" })).toBeInTheDocument();
  });

  it("opens /coin/{symbol lowercased} on a row click", () => {
    const { router } = renderAt(<CryptoTable coins={coins} isLoading={false} isError={false} />, {
      routes: [{ path: "/coin/:symbol", element: <p>coin page</p> }],
    });
    fireEvent.click(screen.getByText("$64,039.00"));
    expect(router.state.location.pathname).toBe("/coin/btc");
  });

  it("replaces a missing or broken image with the symbol's initials", () => {
    renderAt(<CryptoTable coins={coins} isLoading={false} isError={false} />);
    expect(screen.getByTestId("coin-initials")).toHaveTextContent("ETH");
    const img = document.querySelector("img") as HTMLImageElement;
    fireEvent.error(img);
    expect(screen.getAllByTestId("coin-initials").map((e) => e.textContent)).toEqual(["BTC", "ETH"]);
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
