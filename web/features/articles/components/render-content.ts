import DOMPurify from "dompurify";

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
 * An article's body (HTML, rendered and sanitised by the server) made safe to insert here too:
 * DOMPurify removes stored scripts, event handlers, javascript: URLs and SVG payloads, whatever the
 * server let through.
 */
export function renderArticleHtml(html: string): string {
  addLinkHook();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
    FORBID_ATTR: ["style", "srcset"],
  });
}
