import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { UnmappedList } from "#schema/contracts/charts.ts";
import { dismissToast, Toaster } from "#web/components/ui/toast.tsx";
import { readSymbolCache, SYMBOL_CACHE_KEY } from "#web/lib/chart-mapping.ts";
import { errorBody, failure, mock, networkError, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { ALL_MAPPED, MappingsTab } from "./mappings-tab.tsx";

const coin = (rank: number, symbol: string, name: string) => ({
  id: name.toLowerCase(),
  rank,
  symbol,
  name,
  imageUrl: "",
  price: "$1.00",
  marketCap: rank > 250 ? 2e6 : 1e9,
});

function list(overrides: Partial<UnmappedList> = {}): UnmappedList {
  return { coins: [coin(7, "SOL", "Solana"), coin(320, "ZZZ", "Sleepy")], total: 500, mapped: 498, coverage: 99.6, ...overrides };
}

beforeEach(() => localStorage.removeItem(SYMBOL_CACHE_KEY));
// A toast outlives its test; the next one must not find it.
afterEach(() => dismissToast());

describe("MappingsTab", () => {
  it("lists unmapped coins with a green coverage badge at 75 % and above", async () => {
    server.use(mock(apiContract.listUnmappedCryptos, list({ coverage: 75 })));
    renderAt(<MappingsTab />);
    expect(await screen.findByText("Solana")).toBeInTheDocument();
    expect(screen.getByTestId("coverage-badge")).toHaveAttribute("data-good", "true");
    expect(screen.getByTestId("coverage-badge")).toHaveTextContent("75.0% coverage");
  });

  it("is not green below 75 %", async () => {
    server.use(mock(apiContract.listUnmappedCryptos, list({ coverage: 74.9 })));
    renderAt(<MappingsTab />);
    expect(await screen.findByTestId("coverage-badge")).toHaveAttribute("data-good", "false");
  });

  it("says when every coin is mapped", async () => {
    server.use(mock(apiContract.listUnmappedCryptos, list({ coins: [], mapped: 500, coverage: 100 })));
    renderAt(<MappingsTab />);
    expect(await screen.findByText(ALL_MAPPED)).toBeInTheDocument();
    expect(ALL_MAPPED).toBe("All cryptocurrencies have been mapped!");
  });

  it("falls back to local storage only when the save fails (assistant-plans-admin.md §8), keeping what was typed", async () => {
    server.use(
      mock(apiContract.listUnmappedCryptos, list()),
      failure(apiContract.saveChartMapping, 500, { body: JSON.stringify(errorBody("INTERNAL", "D1 is down")) }),
    );
    renderAt(
      <>
        <MappingsTab />
        <Toaster />
      </>,
    );
    fireEvent.click((await screen.findAllByRole("button", { name: "Map" }))[0] as HTMLElement);
    fireEvent.change(screen.getByLabelText("Exchange"), { target: { value: "OKX" } });
    fireEvent.click(screen.getByRole("button", { name: "Save mapping" }));
    expect(await screen.findByText(/Saved in this browser only: D1 is down/)).toBeInTheDocument();
    expect(readSymbolCache().SOL).toMatchObject({ tradingviewSymbol: "OKX:SOLUSDT", localOnly: true, coinName: "Solana" });
    expect(screen.getByTestId("chart-symbol-preview")).toHaveTextContent("OKX:SOLUSDT");
  });

  it("falls back to local storage when the server cannot be reached too", async () => {
    server.use(mock(apiContract.listUnmappedCryptos, list()), networkError(apiContract.saveChartMapping));
    renderAt(
      <>
        <MappingsTab />
        <Toaster />
      </>,
    );
    fireEvent.click((await screen.findAllByRole("button", { name: "Map" }))[0] as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "Save mapping" }));
    expect(await screen.findByText(/Saved in this browser only/)).toBeInTheDocument();
    expect(readSymbolCache().SOL).toMatchObject({ tradingviewSymbol: "BINANCE:SOLUSDT", localOnly: true });
  });

  it("shows a 400's field messages in the form and keeps nothing locally: the input was wrong, the server was there", async () => {
    const message = "Too big: expected string to have <=100 characters";
    const refusal = {
      error: { ...errorBody("BAD_REQUEST", `Invalid json: coinName: ${message}`).error, issues: [{ path: "coinName", message }] },
    };
    server.use(mock(apiContract.listUnmappedCryptos, list()), mock(apiContract.saveChartMapping, refusal, { status: 400 }));
    renderAt(
      <>
        <MappingsTab />
        <Toaster />
      </>,
    );
    fireEvent.click((await screen.findAllByRole("button", { name: "Map" }))[0] as HTMLElement);
    const name = screen.getByLabelText("Coin name override");
    fireEvent.change(name, { target: { value: "S".repeat(101) } });
    fireEvent.click(screen.getByRole("button", { name: "Save mapping" }));
    expect(await screen.findByText(`Mapping not saved: Invalid json: coinName: ${message}`)).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(message);
    expect(name).toHaveValue("S".repeat(101));
    expect(screen.queryByText(/Saved in this browser only/)).toBeNull();
    expect(localStorage.getItem(SYMBOL_CACHE_KEY)).toBeNull();
  });
});
