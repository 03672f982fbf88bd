import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeCrypto } from "#web/test/fixtures.ts";
import { renderAt } from "#web/test/render.tsx";
import { CryptoTable } from "./crypto-table.tsx";

describe("figures the data source does not report", () => {
  it("show as unknown in the markets table", () => {
    // A coin of ranks 251-500 offline: the source reports no volume or 1-hour change.
    const partial = makeCrypto({
      id: "elrond-erd-2",
      name: "MultiversX",
      symbol: "EGLD",
      rank: 251,
      change1h: null,
      price1h: "0.00%",
      volume24h: null,
    });
    renderAt(<CryptoTable coins={[partial]} isLoading={false} isError={false} />);
    const row = screen.getByRole("row", { name: /MultiversX/ });
    const unknowns = within(row).getAllByText("—");
    expect(unknowns.length).toBeGreaterThanOrEqual(2);
    expect(unknowns[0]).toHaveAttribute("title", "Not reported by the data source");
    expect(row).not.toHaveTextContent("$0");
  });
});
