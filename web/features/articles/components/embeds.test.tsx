import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { embedHtml, embedOf, youtubePlayerSrc } from "#schema/contracts/embeds.ts";
import { sanitizeArticleHtml } from "#web/lib/safe-html.ts";
import { renderAt } from "#web/test/render.tsx";
import { ArticleBody } from "./article-body.tsx";

/** Embeds (docs/decisions/editorial/embeds.md): which addresses are one, and what a reader sees. */
describe("an embed's address", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ/", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["  https://x.com/coinsight/status/1862345678901234567  ", "https://x.com/coinsight/status/1862345678901234567"],
    ["https://twitter.com/Coinsight_News/status/186?s=20", "https://x.com/Coinsight_News/status/186"],
  ])("%s is an embed at %s", (address, url) => {
    expect(embedOf(address)?.url).toBe(url);
  });

  it.each([
    "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ<script>",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://user:pass@youtube.com/watch?v=dQw4w9WgXcQ",
    "https://x.com/coinsight",
    "https://x.com/a-b/status/1",
    "javascript:alert(1)",
    "not a url",
  ])("%s is not", (address) => {
    expect(embedOf(address)).toBeNull();
  });

  it("is stored as a figure with one link and an escaped caption, which the sanitiser keeps as it is", () => {
    const embed = embedOf("https://youtu.be/dQw4w9WgXcQ");
    if (!embed) throw new Error("not an embed");
    const html = embedHtml(embed, ' Rates & "risk" <live> ');
    expect(html).toBe(
      '<figure><p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Watch the video on YouTube</a></p><figcaption>Rates &amp; &quot;risk&quot; &lt;live&gt;</figcaption></figure>',
    );
    // Kept whole: the sanitiser only writes the quotes in text as themselves and opens the link apart.
    expect(sanitizeArticleHtml(html)).toBe(
      html.replaceAll("&quot;", '"').replace('">Watch', '" target="_blank" rel="noopener noreferrer nofollow">Watch'),
    );
  });
});

const open = (content: string) => renderAt(<ArticleBody content={content} />);

describe("an embed in an article", () => {
  it("is a player that loads nothing from YouTube until the reader presses play", async () => {
    open(
      `<p>Before.</p>${embedHtml({ kind: "youtube", id: "dQw4w9WgXcQ", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }, "The Fed, explained")}`,
    );
    const play = await screen.findByRole("button", { name: "Play video: The Fed, explained" });
    const body = screen.getByTestId("article-body");
    expect(body.querySelector("iframe")).toBeNull();
    // Still a link to the video, for a reader who would rather watch it there.
    expect(within(body).getByRole("link", { name: "Watch the video on YouTube" })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
    expect(within(body).getByText("The Fed, explained")).toBeInTheDocument();
    fireEvent.click(play);
    const frame = body.querySelector("iframe");
    expect(frame).toHaveAttribute("src", youtubePlayerSrc("dQw4w9WgXcQ"));
    expect(frame).toHaveAttribute("title", "The Fed, explained");
    expect(screen.queryByRole("button", { name: /Play video/ })).toBeNull();
  });

  it("shows a post on X as a card that says whose it is and links there", async () => {
    open(embedHtml({ kind: "x", handle: "coinsight", id: "186", url: "https://x.com/coinsight/status/186" }));
    const body = screen.getByTestId("article-body");
    expect(await within(body).findByText("Post on X by @coinsight")).toBeInTheDocument();
    const link = within(body).getByRole("link", { name: "Read @coinsight's post on X" });
    expect(link).toHaveAttribute("href", "https://x.com/coinsight/status/186");
    expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
    expect(body.querySelector("iframe, script")).toBeNull();
  });

  it("leaves any other figure as it is: a link with words around it, another site, or a picture", async () => {
    const others = [
      '<figure><p>See <a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">this</a> first.</p></figure>',
      '<figure><p><a href="https://example.com/watch?v=dQw4w9WgXcQ">A video elsewhere</a></p></figure>',
      '<figure><img src="/images/chart.png" alt="A chart"><figcaption>Chart</figcaption></figure>',
    ].join("");
    open(others);
    const body = await screen.findByText("A video elsewhere");
    expect(screen.queryByRole("button")).toBeNull();
    expect(body.closest("[data-testid=article-body]")?.innerHTML).toBe(sanitizeArticleHtml(others));
  });
});
