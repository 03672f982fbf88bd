import { readFile } from "node:fs/promises";
import { Marked } from "marked";
import type { Plugin } from "vite";
import { escapeHtml } from "../../worker/lib/html.ts";

/**
 * Our own Markdown only (the legal pages). Raw HTML in it is shown as text, never parsed, so even a
 * slip in the content cannot put markup into the page.
 */
const markdown = new Marked({
  gfm: true,
  // The one escaper the worker's pages and mails use.
  renderer: { html: ({ text }) => escapeHtml(text) },
});

export function renderStaticMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}

const SUFFIX = "?html";

/**
 * `import html from "./page.md?html"` gives the page's HTML, rendered when the app is built: the
 * reader's browser neither downloads a Markdown renderer nor runs one (docs/decisions/performance/chunks.md).
 */
export function markdownHtmlPlugin(): Plugin {
  return {
    name: "coinsight-markdown-html",
    enforce: "pre",
    async load(id) {
      if (!id.endsWith(`.md${SUFFIX}`)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(renderStaticMarkdown(await readFile(file, "utf8")))};`;
    },
  };
}
