import type { PageRequest } from "./page-request.ts";

type Assets = Pick<PageRequest, "env" | "url">;

/**
 * Each stylesheet as its <style> element, read and escaped once per isolate (not once per render): an
 * asset's name changes with its content.
 */
const sheets = new Map<string, Promise<string | null>>();

function sheetTag(req: Assets, href: string): Promise<string | null> {
  let text = sheets.get(href);
  if (!text) {
    text = req.env.ASSETS.fetch(new Request(new URL(href, req.url)))
      .then((res) => (res.ok ? res.text() : null))
      // "</style" inside the text would end the element early.
      // The href is safe in an attribute as it is: INLINED allows no quote or angle bracket.
      .then((t) => (t === null ? null : `<style data-href="${href}">${t.replace(/<\/style/gi, "<\\/style")}</style>`))
      .catch(() => null);
    sheets.set(href, text);
    // A failed read is not kept: the next page tries again.
    void text.then((t) => {
      if (t === null) sheets.delete(href);
    });
  }
  return text;
}

/** The sheets that are written into a page: the build's own, by their hashed names. */
const INLINED = /^\/assets\/[\w.-]+\.css$/;

/**
 * A sheet as a <style> element that names its file (`data-href`: web/public/hydrate.js marks it as
 * loaded for Vite's module loader); null when it cannot be read (the page keeps its <link>).
 */
export function inlineSheet(req: Assets, href: string): Promise<string | null> {
  return INLINED.test(href) ? sheetTag(req, href) : Promise.resolve(null);
}
