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

/** JSON inside <script>: "<" is escaped so no value can close the script element. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
