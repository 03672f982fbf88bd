import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { ScheduledArticle } from "#schema/contracts/schedule.ts";
import { makeScheduledArticle } from "#web/test/fixtures.ts";
import { failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { ScheduledArticlesCard } from "./scheduled-articles.tsx";

const row = makeScheduledArticle;

const card = () => screen.findByRole("region", { name: "Scheduled articles" });

describe("the Overview's scheduled articles", () => {
  it("shows a placeholder while loading, then each article with its time (UTC and local), who set it and its state", async () => {
    let release: () => void = () => {};
    const held = row({
      articleId: 12,
      title: "Bitcoin's Friday",
      publishAt: "2026-11-29T18:00:00.000Z",
      state: "held",
      reasons: ['In "Bitcoin will rally." (Bitcoin): "will": a prediction'],
    });
    server.use(
      mock(
        apiContract.listScheduledArticles,
        () => new Promise<{ articles: ScheduledArticle[] }>((r) => (release = () => r({ articles: [held, row()] }))),
      ),
    );
    renderAt(<ScheduledArticlesCard />);
    const box = await card();
    expect(box.querySelector(".skeleton")).not.toBeNull();
    release();
    const items = await within(box).findAllByRole("listitem", { name: undefined });
    const rows = items.filter((li) => li.querySelector("a"));
    expect(rows.map((li) => li.querySelector("a")?.textContent)).toEqual(["Bitcoin's Friday", "Solana weekly outlook"]);
    expect(within(box).getByRole("link", { name: "Solana weekly outlook" })).toHaveAttribute("href", "/admin/articles/11/edit");
    expect(rows[1]).toHaveTextContent("2026-12-01 09:30 UTC");
    expect(rows[1]?.querySelector("time")).toHaveAttribute("dateTime", "2026-12-01T09:30:00.000Z");
    expect(rows[1]).toHaveTextContent(/\(12\/1\/2026, \d+:30 (AM|PM) .+\)/);
    expect(rows[1]).toHaveTextContent("set by Chief Editor");
    expect(rows[1]).toHaveTextContent("Scheduled");
    expect(rows[0]).toHaveTextContent("Held by the claim check");
    expect(rows[0]).toHaveTextContent('"will": a prediction');
  });

  it("says when nothing is scheduled", async () => {
    server.use(mock(apiContract.listScheduledArticles, { articles: [] }));
    renderAt(<ScheduledArticlesCard />);
    expect(await within(await card()).findByText("No articles are scheduled. Schedule one from its editor.")).toBeInTheDocument();
  });

  it("says when the list cannot be loaded, and tries again", async () => {
    server.use(
      failure(apiContract.listScheduledArticles, 500, { once: true }),
      mock(apiContract.listScheduledArticles, { articles: [row()] }),
    );
    renderAt(<ScheduledArticlesCard />);
    const box = await card();
    expect(await within(box).findByText(/Unable to load scheduled articles/)).toBeInTheDocument();
    fireEvent.click(within(box).getByRole("button", { name: "Try again" }));
    expect(await within(box).findByRole("link", { name: "Solana weekly outlook" })).toBeInTheDocument();
  });
});
