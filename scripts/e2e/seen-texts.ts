import type { BrowserContext, Page } from "playwright-core";

const KEY = "e2e:seen-texts";

/**
 * Records, inside the page, each of `texts` the moment it is shown, across the site's own full
 * navigations (sessionStorage). For texts shown only briefly, such as a refusal that redirects after
 * 2 s: a test polling from outside can miss that window on a loaded machine (editorial.e2e.ts did,
 * once, with three files running beside it); the page itself cannot.
 */
export async function recordTexts(context: BrowserContext, texts: readonly string[]): Promise<void> {
  await context.addInitScript(
    ({ key, wanted }) => {
      const seen = (): string[] => JSON.parse(sessionStorage.getItem(key) ?? "[]");
      const look = () => {
        const body = document.body?.innerText ?? "";
        const now = seen();
        const added = wanted.filter((t) => !now.includes(t) && body.includes(t));
        if (added.length) sessionStorage.setItem(key, JSON.stringify([...now, ...added]));
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
    },
    { key: KEY, wanted: [...texts] },
  );
}

/** The recorded texts shown so far in this tab, in the order they first appeared. */
export async function seenTexts(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[], KEY);
}
