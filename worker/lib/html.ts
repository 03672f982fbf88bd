import { escapeToBuffer } from "hono/utils/html";

/** Characters XML 1.0 forbids (most control characters); feeds and sitemaps drop them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * The one escaper for text put into HTML or XML (text nodes and quoted attribute values): Hono's own
 * (`& < > " '`), used by the server-rendered pages, mails, feeds, the sitemap and the SPA's filled-in
 * head. The legal pages' Markdown is escaped with it when the app is built (scripts/build/markdown-html.ts).
 */
export function escapeHtml(text: string): string {
  const buffer: [string] = [""];
  escapeToBuffer(text, buffer);
  return buffer[0];
}

/** `escapeHtml` for XML documents, which also refuse most control characters. */
export function escapeXml(text: string): string {
  return escapeHtml(text.replace(XML_INVALID, ""));
}

const SCRIPT_UNSAFE = /[<\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/**
 * JSON inside <script>: "<" is escaped so no value can close the script element, and the two line
 * separators JavaScript once refused in a string. One pass over the text: a page's state is 80 KB.
 */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c] ?? c);
}
