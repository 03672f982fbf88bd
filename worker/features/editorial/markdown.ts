import { Marked } from "marked";
import { sanitizeHtml } from "#worker/features/content/sanitize-html.ts";

/** The same GitHub-flavoured rendering readers get (web/features/articles), done once on the server. */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** A Markdown body as the sanitised HTML the editor's HTML mode edits (docs/decisions/editorial). */
export function markdownToHtml(content: string): Promise<string> {
  return sanitizeHtml(markdown.parse(content) as string);
}

/** Words of the visible text, for the read time of an HTML body. */
export function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/&[a-z#0-9]+;/gi, " ");
}
