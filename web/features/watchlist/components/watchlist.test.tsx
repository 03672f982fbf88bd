import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import type { WatchlistEntry } from "#schema/contracts/watchlist.ts";
import { goToLogin } from "#web/lib/auth.ts";
import { authMocks, makeUser } from "#web/test/auth-fixtures.ts";
import { makeCrypto } from "#web/test/fixtures.ts";
import { calls, errorResponse, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { WatchlistButton } from "./watchlist-button.tsx";
import { WatchlistPanel } from "./watchlist-panel.tsx";
import { useWatchlistStars } from "./watchlist-star.tsx";

vi.mock("#web/lib/auth.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), goToLogin: vi.fn() }));

const btc = makeCrypto();
const eth = makeCrypto({ id: "ethereum", symbol: "ETH", name: "Ethereum", rank: 2 });

/**
 * A small in-memory server: the member's list, check, add and remove. `hold` keeps the next
 * change request open until released, to look at the pending state.
 */
function fakeServer(options: { signedIn: boolean; initial?: Crypto[] }) {
  const list = new Map<string, Crypto | null>((options.initial ?? []).map((c) => [c.symbol, c]));
  let hold: Promise<void> | null = null;
  let release = () => {};
  const guest = () => options.signedIn === false;
  const unauthorized = errorResponse(401, "UNAUTHORIZED", "Unauthorized");
  const entries = (): WatchlistEntry[] =>
    [...list].map(([symbol, coin]) => ({
      cryptoSymbol: symbol,
      cryptoName: coin?.name ?? symbol,
      addedAt: "2026-11-23T10:00:00.000Z",
      coin,
    }));
  server.use(
    ...authMocks(options.signedIn ? makeUser() : null),
    mock(apiContract.listWatchlist, () => (guest() ? unauthorized : entries())),
    mock(apiContract.checkWatchlist, ({ params }) => (guest() ? unauthorized : { inWatchlist: list.has(params.symbol ?? "") })),
    mock(
      apiContract.addToWatchlist,
      async ({ body }) => {
        if (hold) await hold;
        list.set(body.cryptoSymbol, [btc, eth].find((c) => c.symbol === body.cryptoSymbol) ?? null);
        return { success: true as const, inWatchlist: true, changed: true, cryptoSymbol: body.cryptoSymbol };
      },
      { status: 201 },
    ),
    mock(apiContract.removeFromWatchlist, async ({ params }) => {
      if (hold) await hold;
      list.delete(params.symbol ?? "");
      return { success: true as const, inWatchlist: false, changed: true, cryptoSymbol: params.symbol ?? "" };
    }),
  );
  return {
    requests: calls,
    list,
    holdNext() {
      hold = new Promise((r) => {
        release = () => {
          hold = null;
          r();
        };
      });
    },
    release: () => release(),
  };
}

beforeEach(() => vi.mocked(goToLogin).mockClear());

/** A price table's star column, as the Top 500 uses it: one hook for the table, a cell per coin. */
function Stars({ coins }: { coins: Crypto[] }) {
  const star = useWatchlistStars();
  return <>{coins.map((coin) => star.cell(coin))}</>;
}

describe("the watchlist star", () => {
  it("prompts a guest to log in and sends them to sign-in on click", async () => {
    fakeServer({ signedIn: false });
    renderAt(<Stars coins={[btc]} />);
    const star = await screen.findByRole("button", { name: "Log in to add Bitcoin to your watchlist" });
    await waitFor(() => expect(star).toBeEnabled());
    expect(star).toHaveAttribute("title", "Login to add to watchlist");
    fireEvent.click(star);
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it("toggles a member's coin: outlined 'Add', disabled while pending, then filled 'Remove' after the list refreshes", async () => {
    const fake = fakeServer({ signedIn: true });
    renderAt(<Stars coins={[btc]} />);
    const star = await screen.findByRole("button", { name: "Add Bitcoin to watchlist" });
    await waitFor(() => expect(star).toBeEnabled());
    expect(star).toHaveAttribute("title", "Add to watchlist");
    expect(star).toHaveAttribute("aria-pressed", "false");

    fake.holdNext();
    fireEvent.click(star);
    await waitFor(() => expect(star).toBeDisabled());
    fake.release();
    const filled = await screen.findByRole("button", { name: "Remove Bitcoin from watchlist" });
    expect(filled).toHaveAttribute("title", "Remove from watchlist");
    expect(filled).toHaveAttribute("aria-pressed", "true");
    expect(fake.requests.find((r) => r.method === "POST")).toMatchObject({
      method: "POST",
      path: "/api/watchlist/add",
      body: { cryptoSymbol: "BTC", cryptoName: "Bitcoin" },
    });

    fireEvent.click(filled);
    await screen.findByRole("button", { name: "Add Bitcoin to watchlist" });
    expect(fake.requests.some((r) => r.method === "DELETE" && r.path === "/api/watchlist/remove/BTC")).toBe(true);
    expect(fake.requests.filter((r) => r.path === "/api/watchlist").length).toBeGreaterThanOrEqual(3);
  });

  it("waits only on the star whose change is on its way; the others stay usable", async () => {
    const fake = fakeServer({ signedIn: true });
    renderAt(<Stars coins={[btc, eth]} />);
    const addBtc = await screen.findByRole("button", { name: "Add Bitcoin to watchlist" });
    const addEth = screen.getByRole("button", { name: "Add Ethereum to watchlist" });
    await waitFor(() => expect(addBtc).toBeEnabled());

    fake.holdNext();
    fireEvent.click(addBtc);
    await waitFor(() => expect(addBtc).toBeDisabled());
    expect(addBtc).toHaveAttribute("aria-busy", "true");
    expect(addEth).toBeEnabled();
    expect(addEth).toHaveAttribute("aria-busy", "false");
    fake.release();
    await screen.findByRole("button", { name: "Remove Bitcoin from watchlist" });
    expect(screen.getByRole("button", { name: "Add Ethereum to watchlist" })).toBeEnabled();
  });
});

describe("the coin page button", () => {
  it("reads the check, removes, and refreshes the check", async () => {
    const fake = fakeServer({ signedIn: true, initial: [eth] });
    renderAt(<WatchlistButton coin={eth} />);
    const remove = await screen.findByRole("button", { name: "Remove from Watchlist" });
    await waitFor(() => expect(remove).toBeEnabled());
    fireEvent.click(remove);
    await screen.findByRole("button", { name: "Add to Watchlist" });
    expect(fake.list.has("ETH")).toBe(false);
    expect(fake.requests.filter((r) => r.path === "/api/watchlist/check/ETH")).toHaveLength(2);
  });

  it("sends a guest to sign-in", async () => {
    fakeServer({ signedIn: false });
    renderAt(<WatchlistButton coin={eth} />);
    const add = await screen.findByRole("button", { name: "Add to Watchlist" });
    await waitFor(() => expect(add).toBeEnabled());
    fireEvent.click(add);
    expect(goToLogin).toHaveBeenCalledOnce();
  });
});

describe("the My Watchlist panel", () => {
  const table = ({ coins }: { coins: Crypto[] | undefined }) => (
    <ul aria-label="table">
      {coins?.map((c) => (
        <li key={c.id}>{c.name}</li>
      ))}
    </ul>
  );

  it("says the list is empty and how to fill it", async () => {
    fakeServer({ signedIn: true });
    renderAt(<WatchlistPanel renderTable={table} />);
    expect(await screen.findByText("Your watchlist is empty")).toBeInTheDocument();
    expect(screen.getByText("Click the star icon next to any coin to add it to your watchlist.")).toBeInTheDocument();
  });

  it("hands the member's coins to the table and lists coins that left the Top 500 with a Remove button", async () => {
    const fake = fakeServer({ signedIn: true, initial: [btc] });
    fake.list.set("GONE", null);
    renderAt(<WatchlistPanel renderTable={table} />);
    expect(await screen.findByText("Bitcoin")).toBeInTheDocument();
    expect(screen.getByText("No longer in the Top 500 (by name):")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByText("No longer in the Top 500 (by name):")).toBeNull());
    expect(fake.list.has("GONE")).toBe(false);
  });

  it("says the order it lists in, and lists in it: market cap rank, as the API gives", async () => {
    fakeServer({ signedIn: true, initial: [btc, eth] });
    renderAt(<WatchlistPanel renderTable={table} />);
    expect(await screen.findByTestId("watchlist-order")).toHaveTextContent("2 coins, by market cap rank as in the Top 500.");
    const ranks = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(ranks).toEqual(["Bitcoin", "Ethereum"]);
  });
});
