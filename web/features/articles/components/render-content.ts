import DOMPurify from "dompurify";
import { Marked } from "marked";

/** One Markdown renderer for article bodies: GitHub-flavoured, no raw-HTML passthrough surprises left unsanitised. */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

let hooked = false;

/** Links leaving the site open in a new tab without handing it our window. */
function addLinkHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName !== "A") return;
    const href = node.getAttribute("href") ?? "";
    if (/^https?:\/\//i.test(href) && !href.startsWith(window.location.origin)) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer nofollow");
    }
  });
}

/**
 * Article content (Markdown or HTML) to HTML that is safe to insert: Markdown is rendered first,
 * then everything goes through DOMPurify, so stored scripts, event handlers, javascript: URLs and
 * SVG payloads never reach the page.
 */
export function renderArticleHtml(content: string, format: "markdown" | "html"): string {
  addLinkHook();
  const html = format === "markdown" ? (markdown.parse(content) as string) : content;
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
    FORBID_ATTR: ["style", "srcset"],
  });
}
