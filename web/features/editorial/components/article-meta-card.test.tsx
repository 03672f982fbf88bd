import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { Category } from "#schema/contracts/article.ts";
import { openArticleEditor } from "#web/test/article-editor.tsx";
import { EDITOR_CATEGORIES, makeEditable } from "#web/test/fixtures.ts";
import { calls, mock } from "#web/test/msw.ts";
import { slugFromTitle } from "./article-meta-card.tsx";

const article = makeEditable({
  slug: "bitcoin-holds-steady",
  title: "Bitcoin holds steady as ETF inflows continue",
  excerpt: "Bitcoin traded in a narrow range.",
  content: "<p>Bitcoin traded between $63,800 and $64,400.</p>",
  imageUrl: "/images/covers/daily-roundup.svg",
  isPublished: true,
  status: "published",
  revision: 4,
  publishedAt: "2026-11-22T06:00:00.000Z",
  metaTitle: "Bitcoin steady",
  tags: [{ slug: "bitcoin", name: "Bitcoin" }],
});
const categories: Category[] = [
  ...EDITOR_CATEGORIES,
  { id: 20, name: "Getting Started", slug: "getting-started", description: "", kind: "guide" },
];

afterEach(() => vi.restoreAllMocks());

const SLUG_TAKEN = "Another article already uses this slug. Choose another one.";
/** A 400 in the one error body, its message under `path`. */
const refusedUnder = (path: string, message: string) =>
  new Response(JSON.stringify({ error: { code: "BAD_REQUEST", message, requestId: "r-1", issues: [{ path, message }] } }), {
    status: 400,
    headers: { "content-type": "application/json" },
  });

const card = async () => within(await screen.findByRole("region", { name: "Address, search and social" }));

describe("the metadata card", () => {
  it("shows the saved fields, the address under its section, the defaults as placeholders and live counters", async () => {
    openArticleEditor(article, categories);
    const c = await card();
    expect(c.getByLabelText("Slug")).toHaveValue("bitcoin-holds-steady");
    expect(c.getByText("/article/")).toBeInTheDocument();
    expect(c.getByLabelText("Meta title")).toHaveValue("Bitcoin steady");
    expect(c.getByText("14 / 70")).toBeInTheDocument();
    expect(c.getByLabelText("Meta description")).toHaveAttribute("placeholder", article.excerpt);
    expect(c.getByLabelText("Byline")).toHaveAttribute("placeholder", "Coinsight Newsroom (the default)");
    expect(c.getByRole("list", { name: "Current tags" })).toHaveTextContent("Bitcoin");

    await userEvent.type(c.getByLabelText("Meta description"), "d".repeat(162));
    expect(c.getByText("162 / 160: 2 too many")).toBeInTheDocument();
    await userEvent.clear(c.getByLabelText("Slug"));
    await userEvent.type(c.getByLabelText("Slug"), "btc-steady");
    expect(
      c.getByText(/Saving moves the article to \/article\/btc-steady; \/article\/bitcoin-holds-steady will redirect there/),
    ).toBeInTheDocument();
    await userEvent.click(c.getByRole("button", { name: "From title" }));
    expect(c.getByLabelText("Slug")).toHaveValue("bitcoin-holds-steady-as-etf-inflows-continue");
  });

  it("adds tags from the keyboard (Enter, comma), refuses a repeat, and removes with Backspace or a chip's button", async () => {
    openArticleEditor(article, categories);
    const c = await card();
    const input = c.getByLabelText("Tags");
    await userEvent.type(input, "Layer 2{Enter}ETF flows,");
    expect(c.getByRole("list", { name: "Current tags" }).textContent).toContain("Layer 2");
    expect(
      within(c.getByRole("list", { name: "Current tags" }))
        .getAllByRole("listitem")
        .map((li) => li.firstChild?.textContent),
    ).toEqual(["Bitcoin", "Layer 2", "ETF flows"]);
    await userEvent.type(input, "BITCOIN{Enter}");
    expect(c.getByText('"BITCOIN" is already a tag.')).toBeInTheDocument();
    await userEvent.clear(input);
    expect(c.getByText("3 of 10 tags. Enter or a comma adds one.")).toBeInTheDocument();
    await userEvent.type(input, "{Backspace}");
    expect(c.queryByText("ETF flows")).toBeNull();
    await userEvent.click(c.getByRole("button", { name: "Remove tag Bitcoin" }));
    expect(within(c.getByRole("list", { name: "Current tags" })).getAllByRole("listitem")).toHaveLength(1);
    await userEvent.type(input, "Solana");
    expect(c.getByText("Its page: /tag/solana")).toBeInTheDocument();
  });

  it("saves the fields with the article, and puts the server's slug refusal under the slug (focused), keeping what was typed", async () => {
    openArticleEditor(article, categories, mock(apiContract.saveArticle, refusedUnder("slug", SLUG_TAKEN)));
    const c = await card();
    await userEvent.clear(c.getByLabelText("Slug"));
    await userEvent.type(c.getByLabelText("Slug"), "taken-slug");
    await userEvent.type(c.getByLabelText("Tags"), "Macro{Enter}");
    await userEvent.type(c.getByLabelText("Byline"), "Ana Ruiz");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      slug: "taken-slug",
      metaTitle: "Bitcoin steady",
      metaDescription: "",
      socialImage: "",
      tags: ["Bitcoin", "Macro"],
      byline: "Ana Ruiz",
      revision: 4,
    });
    expect(await c.findByText(SLUG_TAKEN)).toBeInTheDocument();
    expect(c.getByLabelText("Slug")).toHaveFocus();
    expect(c.getByLabelText("Slug")).toHaveAttribute("aria-invalid", "true");
    expect(c.getByLabelText("Slug")).toHaveValue("taken-slug");
    expect(c.getByLabelText("Byline")).toHaveValue("Ana Ruiz");
  });

  it("Preview on site sends the unsaved form (saving nothing) and sends the tab it opened to the preview", async () => {
    const tab = { closed: false, close: vi.fn(), opener: {}, location: { href: "" } };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const token = "a".repeat(32);
    openArticleEditor(
      article,
      categories,
      mock(apiContract.previewArticle, { token, path: `/preview/${token}`, expiresAt: "2026-11-22T06:10:00.000Z" }),
    );
    const c = await card();
    await userEvent.type(c.getByLabelText("Meta description"), "Unsaved description");
    await userEvent.click(screen.getByRole("button", { name: "Preview on site" }));
    expect(open).toHaveBeenCalledWith("", "_blank");
    await waitFor(() => expect(tab.location.href).toBe(`/preview/${token}`));
    expect(tab.opener).toBeNull();
    expect(calls.find((call) => call.operation === "previewArticle")?.body).toMatchObject({
      title: article.title,
      metaDescription: "Unsaved description",
      tags: ["Bitcoin"],
    });
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
    expect(screen.getByRole("link", { name: /Open the preview again/ })).toHaveAttribute("href", `/preview/${token}`);
  });

  it("a refused preview closes the tab it opened and puts the message under its field", async () => {
    const tab = { closed: false, close: vi.fn(), opener: {}, location: { href: "" } };
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    openArticleEditor(
      article,
      categories,
      mock(apiContract.previewArticle, refusedUnder("socialImage", "Social image URL must be an https:// address")),
    );
    const c = await card();
    await userEvent.type(c.getByLabelText("Social image URL"), "http://x.test/a.png");
    await userEvent.click(screen.getByRole("button", { name: "Preview on site" }));
    expect(await c.findByText("Social image URL must be an https:// address")).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(c.getByLabelText("Social image URL")).toHaveAttribute("aria-invalid", "true");
  });
});

describe("slugFromTitle", () => {
  it("joins lowercase words with single hyphens and cuts at a word within 120 characters", () => {
    expect(slugFromTitle("Bitcoin's ETF — 2026: Ünïcode & more!")).toBe("bitcoin-s-etf-2026-unicode-more");
    const long = slugFromTitle(Array.from({ length: 40 }, () => "word").join(" "));
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith("-")).toBe(false);
  });
});
