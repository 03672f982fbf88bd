import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The one toast on screen (the app shows at most one) must read `title` then `text`. */
export async function expectToast(page: Page, title: string, text: string): Promise<void> {
  const toast = page.getByTestId("toast");
  await toast.filter({ hasText: text }).waitFor();
  expect(await toast.count()).toBe(1);
  expect(await toast.locator(".toast-title").textContent()).toBe(title);
}
