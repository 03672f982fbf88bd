import { describe, expect, it } from "vitest";
import { browserForFile, openPage, PHONE } from "./browser.ts";
import { generatedArticle } from "./d1.ts";

const browser = browserForFile();

describe("app shell", () => {
  it("an unknown path shows the not-found texts, with HTTP 404", async () => {
    const { page, context } = await openPage(browser());
    for (const path of ["/no/such/page", "/feed.xml", "/nope"]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
      await page.getByText("Did you forget to add the page to the router?").waitFor();
    }
    // A page the app draws without the Worker's help still answers 200, and a static file is a file.
    expect((await page.goto("/bear-invaders"))?.status()).toBe(200);
    expect((await page.request.get("/favicon.svg")).headers()["content-type"]).toContain("image/svg+xml");
    await context.close();
  });

  it("shows a guest on a desktop no menu button that opens nothing; a phone gets it", async () => {
    for (const width of [1366, 1920]) {
      const { page, context } = await openPage(browser(), { viewport: { width, height: 900 } });
      await page.goto("/");
      await page.getByRole("link", { name: "Coinsight home" }).waitFor();
      expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
      await context.close();
    }
    const { page, context } = await openPage(browser(), { viewport: PHONE });
    await page.goto("/");
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(true);
    await context.close();
  });

  it("the theme defaults to light, toggles to dark and persists across a reload", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    const toggle = page.getByRole("button", { name: "Dark theme" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await toggle.click();
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await context.close();
  });

  it("the header search submits trimmed, encoded text and ignores blanks", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/markets");
    const box = page.getByRole("combobox", { name: "Search" }).first();
    await box.fill("   ");
    await box.press("Enter");
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe("/markets");
    await box.fill("  bitcoin & eth  ");
    await box.press("Enter");
    await page.waitForURL("**/search?q=*");
    expect(new URL(page.url()).search).toBe(`?q=${encodeURIComponent("bitcoin & eth")}`);
    await expect.poll(() => box.inputValue()).toBe("bitcoin & eth");
    await page.goto("/markets");
    expect(await page.getByRole("combobox", { name: "Search" }).first().inputValue()).toBe("");
    await context.close();
  });

  it("the main navigation marks the active item by exact or prefix match", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/markets?tab=gainers");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Top 500" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    await page.goto("/");
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    await context.close();
  });

  it("the footer carries the legal links, the year and the data attribution", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/");
    const footer = page.locator("footer");
    for (const name of ["Privacy Policy", "Terms of Service", "Cookie Policy", "Support", "Subscribe", "CoinGecko"]) {
      await footer.getByRole("link", { name }).first().waitFor();
    }
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Coinsight`);
    expect(await footer.textContent()).toContain("driven by social sentiment data");
    await context.close();
  });

  it("at 375 px the hamburger menu opens, closes on an outside click and on a link choice", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE });
    await page.goto("/");
    const burger = page.getByRole("button", { name: "Open menu" });
    await burger.click();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await mobileNav.waitFor();
    await page.mouse.click(180, 600);
    await mobileNav.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Open menu" }).click();
    await mobileNav.getByRole("link", { name: "Top 500" }).click();
    await page.waitForURL("**/markets");
    await mobileNav.waitFor({ state: "detached" });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it("serves security headers on pages and API", async () => {
    const { page, context } = await openPage(browser());
    const res = await page.goto("/");
    expect(res?.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res?.headers()["content-security-policy"]).toContain("default-src 'self'");
    const api = await page.request.get("/api/cryptos?limit=1");
    expect(api.headers()["x-content-type-options"]).toBe("nosniff");
    await context.close();
  });

  /** The text of every script `path` loads, once `ready` has appeared. */
  async function scriptsOf(path: string, ready: string): Promise<string> {
    const { page, context } = await openPage(browser());
    const scripts: Promise<string>[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.text());
    });
    await page.goto(path);
    await page.getByRole("heading", { name: ready }).first().waitFor();
    await page.waitForLoadState("networkidle");
    const code = (await Promise.all(scripts)).join("\n");
    await context.close();
    expect(code.length).toBeGreaterThan(0);
    return code;
  }

  it("the home page loads no validator, Markdown renderer or HTML sanitiser: those stay in the chunks that need them", async () => {
    const code = await scriptsOf("/", "Crypto Top 10");
    for (const marker of ["ZodError", "DOMPurify", "marked(): input parameter"]) expect(code.includes(marker), marker).toBe(false);
  });

  it("an article page sanitises its body but loads no Markdown renderer: the server sends the body as HTML", async () => {
    // One of the day's Trending Analyses, which no journey changes (the newest article may be another file's).
    const article = await generatedArticle(17);
    const code = await scriptsOf(`/article/${article.slug}`, article.title);
    expect(code.includes("DOMPurify"), "DOMPurify").toBe(true);
    expect(code.includes("marked(): input parameter"), "marked").toBe(false);
  });

  it("a legal page comes as HTML rendered when the app was built: no Markdown renderer loads", async () => {
    const code = await scriptsOf("/privacy", "Privacy Policy");
    expect(code.includes("Newsletter data is kept until you unsubscribe"), "the policy's text").toBe(true);
    expect(code.includes("marked(): input parameter"), "marked").toBe(false);
  });
});
