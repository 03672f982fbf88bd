import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { SearchResult } from "#schema/contracts/article.ts";
import { makeArticleSummary, makeCrypto } from "#web/test/fixtures.ts";
import { calls, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { SearchBox, SUGGEST_DELAY_MS } from "./search-box.tsx";

const result: SearchResult = {
  query: "bit",
  cryptos: [makeCrypto(), makeCrypto({ id: "bitcoin-cash", name: "Bitcoin Cash", symbol: "BCH", rank: 22 })],
  articles: [
    makeArticleSummary({ slug: "bitcoin-holds", title: "Bitcoin holds steady", categoryId: 18 }),
    makeArticleSummary({ slug: "what-is-bitcoin", title: "What is Bitcoin?", categoryId: 20, categoryName: "Getting Started" }),
  ],
  counts: { cryptos: 2, articles: 2, articlesCapped: false },
};

beforeEach(() => {
  vi.useFakeTimers();
  server.use(mock(apiContract.search, result));
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the debounce run out, then a few fake ticks for the answer: reading it and react-query's notifications each take one. */
async function settle() {
  await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS + 50));
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(10));
}

function setup(at = "/markets") {
  const view = renderAt(<SearchBox />, { path: "*", at });
  const box = screen.getByRole("combobox", { name: "Search" }) as HTMLInputElement;
  return { ...view, box };
}

async function typeAndSettle(box: HTMLInputElement, text: string) {
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  await settle();
}

const optionNames = () => screen.getAllByRole("option").map((o) => o.textContent);

describe("header search suggestions", () => {
  it("asks /api/search once the reader pauses, not on every keystroke", async () => {
    const { box } = setup();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: "b" } });
    fireEvent.change(box, { target: { value: "bi" } });
    fireEvent.change(box, { target: { value: "bit" } });
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS - 20));
    expect(calls).toEqual([]);
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toEqual({ q: "bit", limit: "5" });
  });

  it("lists coins first, then articles, in labelled groups", async () => {
    const { box } = setup();
    await typeAndSettle(box, "bit");
    expect(box).toHaveAttribute("aria-expanded", "true");
    const listbox = screen.getByRole("listbox", { name: "Search suggestions" });
    expect(box).toHaveAttribute("aria-controls", listbox.id);
    expect(optionNames()).toEqual([
      "BitcoinBTC",
      "Bitcoin CashBCH",
      "Bitcoin holds steadyDaily Roundup",
      "What is Bitcoin?Getting Started",
    ]);
    expect(within(screen.getByRole("group", { name: "Coins" })).getAllByRole("option")).toHaveLength(2);
    expect(within(screen.getByRole("group", { name: "Articles" })).getAllByRole("option")).toHaveLength(2);
  });

  it("asks nothing for a single character", async () => {
    const { box } = setup();
    await typeAndSettle(box, "b");
    expect(calls).toEqual([]);
    expect(box).toHaveAttribute("aria-expanded", "false");
  });

  it("arrow keys move the active option (aria-activedescendant), wrapping; Enter opens it", async () => {
    const { box, router } = setup();
    await typeAndSettle(box, "bit");
    expect(box).not.toHaveAttribute("aria-activedescendant");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    const options = screen.getAllByRole("option");
    expect(box).toHaveAttribute("aria-activedescendant", options[0]?.id);
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(box, { key: "ArrowUp" });
    expect(box).toHaveAttribute("aria-activedescendant", options[3]?.id);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box).toHaveAttribute("aria-activedescendant", options[1]?.id);
    expect(options[0]).toHaveAttribute("aria-selected", "false");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(router.state.location.pathname).toBe("/coin/bch");
    expect(box).toHaveAttribute("aria-expanded", "false");
  });

  it("an article opens at its own path (guides under /crypto-101)", async () => {
    const { box, router } = setup();
    await typeAndSettle(box, "bit");
    fireEvent.keyDown(box, { key: "ArrowUp" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(router.state.location.pathname).toBe("/crypto-101/what-is-bitcoin");
  });

  it("Enter with no option chosen goes to the search page as before", async () => {
    const { box, router } = setup();
    await typeAndSettle(box, " bit ");
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    expect(router.state.location.pathname).toBe("/search");
    expect(router.state.location.search).toBe("?q=bit");
  });

  it("Escape closes the list, keeps the text, and marks the key as handled", async () => {
    const { box } = setup();
    await typeAndSettle(box, "bit");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    const escapeKey = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
    act(() => {
      box.dispatchEvent(escapeKey);
    });
    expect(escapeKey.defaultPrevented).toBe(true);
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).not.toHaveAttribute("aria-activedescendant");
    expect(screen.getByRole("listbox", { hidden: true })).not.toBeVisible();
    expect(box.value).toBe("bit");
    // The arrow opens it again.
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box).toHaveAttribute("aria-expanded", "true");
  });

  it("the mouse works too: hovering marks an option, a click opens it", async () => {
    const { box, router } = setup();
    await typeAndSettle(box, "bit");
    const article = screen.getByRole("option", { name: /Bitcoin holds steady/ });
    fireEvent.mouseMove(article);
    expect(article).toHaveAttribute("aria-selected", "true");
    fireEvent.mouseDown(article);
    fireEvent.click(article);
    expect(router.state.location.pathname).toBe("/article/bitcoin-holds");
  });

  it("closes when the box loses focus", async () => {
    const { box } = setup();
    await typeAndSettle(box, "bit");
    fireEvent.blur(box);
    expect(box).toHaveAttribute("aria-expanded", "false");
  });
});
