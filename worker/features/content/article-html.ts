import { Marked } from "marked";
import { replaceTags } from "#schema/contracts/html-text.ts";
import { displayHtml } from "./sanitize-html.ts";

/** GitHub-flavoured Markdown, as the editor's preview shows it (web/features/editor). */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** A Markdown body as sanitised HTML: what readers get, and what the editor's HTML mode edits. */
export function markdownToHtml(content: string): Promise<string> {
  return displayHtml(markdown.parse(content) as string);
}

/**
 * A stored body (Markdown or HTML) as the sanitised HTML a reader is sent. Rendering it here, once
 * per version of the article in the content cache, keeps the Markdown parser out of a phone's page
 * (docs/decisions/content/rendering-article-bodies.md); the reader's browser sanitises it again.
 */
export function readerHtml(content: string, format: "markdown" | "html"): Promise<string> {
  return format === "markdown" ? markdownToHtml(content) : displayHtml(content);
}

/** Words of the visible text, for the read time of an HTML body. */
export function textOf(html: string): string {
  return replaceTags(html, " ").replace(/&[a-z#0-9]+;/gi, " ");
}
