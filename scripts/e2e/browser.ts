import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { connectBrowser } from "../lib/chromium.ts";
import { baseURL } from "./site.ts";

export { baseURL };

/**
 * A file's own connection to the run's Chromium (launched once by global-setup.ts: a launch per file
 * cost each file a second or more of the machine): opened before its tests, closed after them with
 * every context the file made. Call it at the top of the file, before its own `beforeAll` (which then
 * runs with the browser up); the getter throws when used outside a test.
 */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await connectBrowser(inject("browserEndpoint"));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("browserForFile(): the browser starts in beforeAll; use it inside a test or hook");
    return browser;
  };
}

export type Viewport = { width: number; height: number };
export const DESKTOP: Viewport = { width: 1280, height: 900 };
export const PHONE: Viewport = { width: 375, height: 740 };

/**
 * A page the Worker rendered shows before its app has taken it over (web/app/layout/app-ready.tsx),
 * and a click in between does nothing: after each goto and reload, wait for the app, as a reader who
 * sees the page answer would.
 */
export function waitForAppAfterLoads(page: Page): void {
  const ready = () =>
    page.waitForFunction(() => !document.getElementById("ssr-state") || document.documentElement.hasAttribute("data-app-ready"));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const res = await goto(...args);
    await ready();
    return res;
  };
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const res = await reload(...args);
    await ready();
    return res;
  };
}

/** A fresh context (own cookies and storage) whose page errors fail the test. */
export async function openPage(
  browser: Browser,
  options: { viewport?: Viewport; touch?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // `touch`: a phone's touch screen, so the page's (pointer: coarse) and (hover: none) queries match.
  const touch = options.touch ? { hasTouch: true, isMobile: true } : {};
  const context = await browser.newContext({ baseURL: baseURL(), viewport: options.viewport ?? DESKTOP, ...touch });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  waitForAppAfterLoads(page);
  return { context, page, errors };
}

/** Fills the local sign-in form (the page must be on /api/login) as a person would. */
export async function signIn(page: Page, email: string, firstName: string): Promise<void> {
  await page.getByRole("heading", { name: "Sign in to Coinsight" }).waitFor();
  await page.getByText("Local development sign-in.").waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill(firstName);
  await page.getByRole("button", { name: "Sign in" }).click();
}
