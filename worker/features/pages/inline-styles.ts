import type { Context } from "hono";
import type { AppEnv } from "#worker/lib/app-env.ts";

type Ctx = Context<AppEnv>;

/** Each stylesheet's text, read once per isolate: an asset's name changes with its content. */
const sheets = new Map<string, Promise<string | null>>();

function sheetText(c: Ctx, href: string): Promise<string | null> {
  let text = sheets.get(href);
  if (!text) {
    text = c.env.ASSETS.fetch(new Request(new URL(href, c.req.url)))
      .then((res) => (res.ok ? res.text() : null))
      .catch(() => null);
    sheets.set(href, text);
    // A failed read is not kept: the next page tries again.
    void text.then((t) => {
      if (t === null) sheets.delete(href);
    });
  }
  return text;
}

/**
 * A sheet as a <style> element that names its file (`data-href`: web/public/hydrate.js marks it as
 * loaded for Vite's module loader); null when it cannot be read (the page keeps its <link>).
 */
export async function inlineSheet(c: Ctx, href: string): Promise<string | null> {
  if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return null;
  const text = await sheetText(c, href);
  // "</style" inside the text would end the element early.
  // The href is safe in an attribute as it is: the pattern above allows no quote or angle bracket.
  return text === null ? null : `<style data-href="${href}">${text.replace(/<\/style/gi, "<\\/style")}</style>`;
}
