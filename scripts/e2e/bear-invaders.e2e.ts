import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserForFile, openPage, PHONE } from "./browser.ts";

const browser = browserForFile();

const hud = async (page: Page, id: string) => (await page.getByTestId(`hud-${id}`).textContent()) ?? "";
const status = (page: Page) =>
  page.evaluate(() => document.querySelector("[data-testid=game-overlay]")?.getAttribute("data-status") ?? "playing");
/** Waits (no clock involved) until the HUD score is above `than`. */
const scoreAbove = (page: Page, than: number) =>
  page.waitForFunction((n) => Number(document.querySelector("[data-testid=hud-score]")?.textContent) > n, than, { timeout: 30_000 });
const seconds = (clock: string) => {
  const [m = "0", s = "0"] = clock.split(":");
  return Number(m) * 60 + Number(s);
};

describe("Bear Invaders", () => {
  it("plays: start, move, fire until a bear falls, then R restarts", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/bear-invaders");
    await page.getByRole("heading", { name: "Bear Invaders", level: 1 }).waitFor();
    await page.getByText("Press Space to start", { exact: true }).waitFor();
    expect(await hud(page, "score")).toBe("0");
    expect(await hud(page, "lives")).toBe("3");
    expect(await hud(page, "level")).toBe("1/3");
    expect(await hud(page, "time")).toBe("3:00");

    // The bears are painted on the canvas: the top-left bear's face is not the empty field.
    const [bear, field] = await page.getByTestId("game-canvas").evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext("2d");
      const k = canvas.width / 800;
      const at = (x: number, y: number) => [...(ctx?.getImageData(x * k, y * k, 1, 1).data ?? [])].join(",");
      return [at(148, 81), at(20, 300)];
    });
    expect(bear).not.toBe(field);

    await page.keyboard.press("Space");
    expect(await status(page)).toBe("playing");
    await page.keyboard.down("ArrowLeft");
    await page.waitForTimeout(300);
    await page.keyboard.up("ArrowLeft");
    await page.keyboard.down("ArrowRight");
    await page.waitForTimeout(300);
    await page.keyboard.up("ArrowRight");
    // Holding fire below the marching formation: a shot lands once a bear passes over.
    await page.keyboard.down("Space");
    await scoreAbove(page, 0);
    await page.keyboard.up("Space");
    const score = Number(await hud(page, "score"));
    expect(score % 10).toBe(0);
    expect(Number(await hud(page, "high-score"))).toBeGreaterThanOrEqual(score);
    expect(await page.evaluate(() => window.scrollY)).toBe(0); // arrows and space did not scroll
    await page.waitForFunction(() => document.querySelector("[data-testid=hud-time]")?.textContent !== "3:00");
    const clock = await hud(page, "time");
    expect(seconds(clock)).toBeLessThan(180);

    await page.keyboard.press("r");
    expect(await status(page)).toBe("playing");
    expect(await hud(page, "score")).toBe("0");
    expect(await hud(page, "lives")).toBe("3");
    expect(await hud(page, "level")).toBe("1/3");
    expect(seconds(await hud(page, "time"))).toBeGreaterThan(seconds(clock));
    expect(Number(await hud(page, "high-score"))).toBeGreaterThanOrEqual(score);

    await page.keyboard.press("p");
    await page.getByText("Press Space to resume", { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the high score in local storage across a reload", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/bear-invaders");
    await page.getByText("Press Space to start", { exact: true }).waitFor();
    expect(await hud(page, "high-score")).toBe("0");
    await page.keyboard.press("Space");
    await page.keyboard.down("Space");
    await scoreAbove(page, 0);
    await page.keyboard.up("Space");
    // Shots still in flight can score after the key is released: pause so the score holds still.
    await page.keyboard.press("p");
    await page.getByText("Press Space to resume", { exact: true }).waitFor();
    const best = await hud(page, "high-score");
    expect(Number(best)).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem("bearInvadersHighScore"))).toBe(best);

    await page.reload();
    await page.getByText("Press Space to start", { exact: true }).waitFor();
    expect(await hud(page, "high-score")).toBe(best);
    expect(await hud(page, "score")).toBe("0");
    await context.close();
  });

  it("is playable at 375 px with the on-screen buttons", async () => {
    const { page, context, errors } = await openPage(browser(), { viewport: PHONE });
    await page.goto("/bear-invaders");
    const fire = page.getByRole("button", { name: "Fire" });
    await fire.waitFor();
    await page.getByRole("button", { name: "Move left" }).waitFor();
    const canvas = await page.getByTestId("game-canvas").boundingBox();
    expect(canvas?.width).toBeLessThanOrEqual(PHONE.width);
    expect(Math.round(((canvas?.width ?? 0) / (canvas?.height ?? 1)) * 100)).toBe(133);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // A touch screen is told about its buttons, not about keys it does not have.
    await page.getByText("Tap FIRE to start", { exact: true }).waitFor();
    await page.getByText("Tap ◀ FIRE ▶ to move and shoot").waitFor();
    expect(await page.getByText("Press Space to start", { exact: true }).isVisible()).toBe(false);

    await fire.click(); // the first tap starts the game
    expect(await status(page)).toBe("playing");
    await fire.hover();
    await page.mouse.down();
    await scoreAbove(page, 0);
    await page.mouse.up();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("tells a screen reader on a touch screen to tap FIRE, never to press Space", async () => {
    const { page, context, errors } = await openPage(browser(), { viewport: PHONE, touch: true });
    await page.goto("/bear-invaders");
    const said = page.getByRole("application", { name: "Bear Invaders game" }).locator(".visually-hidden[role=status]");
    await expect.poll(() => said.textContent()).toBe("Bear Invaders. Tap FIRE to start.");
    await page.getByRole("button", { name: "Fire" }).tap();
    await page.getByRole("button", { name: "Pause" }).tap();
    await expect.poll(() => said.textContent()).toBe("Paused. Tap FIRE to resume.");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits the field and its legend in a 1366 × 900 window as the page opens", async () => {
    const { page, context } = await openPage(browser(), { viewport: { width: 1366, height: 900 } });
    await page.goto("/bear-invaders");
    await page.getByText("Press Space to start", { exact: true }).waitFor();
    const canvas = await page.getByTestId("game-canvas").boundingBox();
    const legend = await page.getByText("move ·").boundingBox();
    expect((canvas?.y ?? 0) + (canvas?.height ?? 0)).toBeLessThanOrEqual(900);
    expect((legend?.y ?? 0) + (legend?.height ?? 0)).toBeLessThanOrEqual(900);
    expect(Math.round(((canvas?.width ?? 0) / (canvas?.height ?? 1)) * 100)).toBe(133);
    expect(await page.getByText("Tap ◀ FIRE ▶ to move and shoot").isVisible()).toBe(false);
    await context.close();
  });

  it("loads the game's code only on its own route", async () => {
    const { page, context } = await openPage(browser());
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
    });
    await page.goto("/");
    await page.getByRole("heading", { name: "Crypto Top 10" }).waitFor();
    expect(scripts.some((s) => s.includes("bear-invaders"))).toBe(false);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bear Invaders" }).click();
    await page.getByText("Press Space to start", { exact: true }).waitFor();
    expect(scripts.some((s) => s.includes("bear-invaders"))).toBe(true);
    await context.close();
  });
});
