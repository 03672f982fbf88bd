import { beforeAll, describe, expect, it } from "vitest";
import { embedHtml, embedOf, youtubePlayerSrc } from "#schema/contracts/embeds.ts";
import { axeViolations, settle } from "./axe.ts";
import { browserForFile, openPage } from "./browser.ts";
import { deskArticle } from "./desk.ts";

/**
 * Embeds on a reader's page in Chromium (docs/decisions/editorial/embeds.md): the video loads nothing
 * from YouTube until play is pressed, the site's Content Security Policy lets its player frame in (and
 * nothing else), and a post on X is a card. Offline, the frame's own page does not load: what is
 * checked is that the page asks for it, and that the policy does not refuse it.
 */
const SLUG = "e2e-embeds-koala-explainer";
const video = embedOf("https://youtu.be/dQw4w9WgXcQ");
const post = embedOf("https://x.com/coinsight/status/1862345678901234567");

const browser = browserForFile();
beforeAll(async () => {
  if (!video || !post) throw new Error("the embeds' addresses must be embeds");
  await deskArticle({
    slug: SLUG,
    title: "Koalacoin's chart, explained on video",
    excerpt: "A video and a post about Koalacoin.",
    html: `<p>Koalacoin traded in a narrow range.</p>${embedHtml(video, "Koalacoin's week")}${embedHtml(post)}`,
    publishedAt: "2026-11-03T06:00:00.000Z",
  });
});

describe("embeds in an article", () => {
  it("plays a video only when asked, inside the site's policy, and shows a post on X as a card", async () => {
    const { page, errors, context } = await openPage(browser());
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const asked: string[] = [];
    page.on("request", (r) => {
      if (/youtube|ytimg|x\.com|twitter/.test(r.url())) asked.push(r.url());
    });
    await page.goto(`/article/${SLUG}`);
    const body = page.getByTestId("article-body");
    const play = body.getByRole("button", { name: "Play video: Koalacoin's week" });
    await play.waitFor();
    await body.getByText("Post on X by @coinsight").waitFor();
    await body.getByRole("link", { name: "Read @coinsight's post on X" }).waitFor();
    await settle(page);
    const found = await axeViolations(page, "article with embeds");
    expect(asked).toEqual([]);

    await play.click();
    const frame = body.locator("iframe");
    await frame.waitFor({ state: "attached" });
    expect(await frame.getAttribute("src")).toBe(youtubePlayerSrc("dQw4w9WgXcQ"));
    await expect.poll(() => asked.some((url) => url.startsWith("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
