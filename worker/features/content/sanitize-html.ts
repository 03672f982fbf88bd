/**
 * Server-side sanitising of article markup, for every path that stores articles (the admin editor's
 * saves and restores, the generation pipeline) and every path that serves them (the reader's JSON, the
 * editor). The same allowlist as the reader's DOMPurify (schema/contracts/html-allowlist.ts).
 *
 * HTMLRewriter tokenizes; a small tree builder keeps the allowed elements and attributes and writes
 * them back as canonical HTML (./html-tree.ts). The result is checked to be a fixed point: cleaning it
 * again changes nothing. Markup that does not settle, nests too deep or has too many elements is refused
 * with the reason, never stored half-cleaned (docs/decisions/security/html-sanitiser.md).
 */
import { decodeHTMLAttribute } from "entities/decode";
import { ATTR_WHITESPACE, countStartTags, MAX_HTML_ELEMENTS, SAFE_URI, TOO_MANY_ELEMENTS } from "#schema/contracts/html-allowlist.ts";
import { replaceTags } from "#schema/contracts/html-text.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { escapeHtml } from "#worker/lib/html.ts";
import { tokenize } from "./html-tokens.ts";
import { buildTree, HtmlRefused, serializeTree } from "./html-tree.ts";

/** Canonical output settles on the second pass; more means something keeps changing it. */
const MAX_PASSES = 4;
const UNSETTLED = "Content could not be made safe to store: cleaning it did not settle. Simplify the markup and save again.";

/** http(s), mailto and scheme-less (relative, #fragment) URLs are safe; anything else is not. */
export function isSafeUrl(raw: string): boolean {
  return SAFE_URI.test(decodeHTMLAttribute(raw).trim().replace(ATTR_WHITESPACE, ""));
}

type Mode = "html" | "markdown";

async function cleanOnce(input: string, mode: Mode): Promise<string> {
  let tokens: Awaited<ReturnType<typeof tokenize>>;
  try {
    tokens = await tokenize(input, { decode: mode === "html" });
  } catch {
    // HTMLRewriter refuses markup whose parsing it cannot decide (a <style> inside <select>, say).
    throw new HtmlRefused(
      "Content could not be read unambiguously as HTML (for example a <style> or <script> inside a <select>); remove that markup and save again.",
    );
  }
  return serializeTree(buildTree(tokens), { rawText: mode === "markdown" });
}

function withinElementCap(html: string): string {
  if (countStartTags(html, MAX_HTML_ELEMENTS) > MAX_HTML_ELEMENTS) throw new HtmlRefused(TOO_MANY_ELEMENTS);
  return html;
}

/** Cleans until a pass changes nothing; throws HtmlRefused when that does not happen. */
async function toFixedPoint(input: string, mode: Mode): Promise<string> {
  // Counted before any parsing, so a body over the cap costs one scan of its text, not seconds of passes.
  withinElementCap(input);
  let current = await cleanOnce(input, mode);
  // Input that a pass leaves unchanged is already the fixed point (a pass depends on its input alone):
  // what every save stores, and so what every read shows, costs one pass instead of two.
  if (current === input) return current;
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const next = await cleanOnce(current, mode);
    // The result is counted too (written-out <tbody> and <tr> add elements), so that whatever is
    // stored is shown as stored, never refused by the reader's pass.
    if (next === current) return withinElementCap(current);
    current = next;
  }
  throw new HtmlRefused(UNSETTLED);
}

function refusal(err: unknown): ApiError {
  if (!(err instanceof HtmlRefused)) throw err;
  return new ApiError("BAD_REQUEST", err.message, { issues: [{ path: "content", message: err.message }] });
}

/**
 * `html` with only allowed elements and attributes, as canonical HTML that is a fixed point of this
 * function. Refuses (400, the reason on `content`) markup it cannot bring to one.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  try {
    return await toFixedPoint(html, "html");
  } catch (err) {
    throw refusal(err);
  }
}

/**
 * For showing stored markup (the reader, the editor): sanitised, or when it would be refused (stored
 * before these rules), its text only, escaped. Never throws for a stored body.
 */
export async function displayHtml(html: string): Promise<string> {
  try {
    return await toFixedPoint(html, "html");
  } catch (err) {
    if (!(err instanceof HtmlRefused)) throw err;
    const text = replaceTags(html, " ").replace(/\s+/g, " ").trim();
    return text ? `<p>${escapeHtml(text)}</p>` : "";
  }
}

/**
 * Markdown may hold raw HTML and link destinations: both are cleaned, the Markdown text is kept as
 * written. Raw HTML that does not settle is turned into text (every `<` written as `&lt;`), so a
 * generated article is never lost over it; readers get the rendered HTML through sanitizeHtml.
 */
export async function sanitizeMarkdown(content: string): Promise<string> {
  // An autolink (<https://...>) would parse as a tag: write it as an ordinary link first.
  const source = content.replace(/<((?:https?:\/\/|mailto:)[^\s<>]+)>/gi, "[$1]($1)");
  let markdown: string;
  try {
    markdown = await toFixedPoint(source, "markdown");
  } catch (err) {
    if (!(err instanceof HtmlRefused)) throw err;
    markdown = source.replace(/</g, "&lt;");
  }
  return markdown.replace(/(\]\(\s*<?)([^)\s>]*)/g, (whole, open: string, url: string) => (isSafeUrl(url) ? whole : `${open}#`));
}

/** What every writer of an article body calls: HTML is refused when unsafe, Markdown is cleaned. */
export async function sanitizeArticleContent(content: string, format: "markdown" | "html"): Promise<string> {
  return format === "html" ? sanitizeHtml(content) : sanitizeMarkdown(content);
}
