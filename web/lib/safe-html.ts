import DOMPurify, { type Config } from "dompurify";
import {
  ALLOWED_ATTRS,
  ALLOWED_TAGS,
  attributeAllowed,
  attributeValueAllowed,
  DROPPED_WITH_CONTENT,
  SAFE_URI,
} from "#schema/contracts/html-allowlist.ts";

/**
 * DOMPurify configured with the Worker's allowlist (schema/contracts/html-allowlist.ts): the reader's
 * article body and the visual editor (in and out) both go through this one function, so neither shows a form,
 * a button or anything else the server would not store (docs/decisions/security/html-sanitiser.md).
 */
export const ARTICLE_PURIFY_CONFIG: Config = {
  // "body" is DOMPurify's own parse root (the answer is its content, never the tag): not allowing it
  // would report the root itself as removed on every call.
  ALLOWED_TAGS: [...ALLOWED_TAGS, "body"],
  ALLOWED_ATTR: [...ALLOWED_ATTRS],
  ALLOWED_URI_REGEXP: SAFE_URI,
  FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** One DOMPurify instance of our own (hooks on it touch no one else's), set up on first use. */
function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  // DOMPurify's attribute list is global; the Worker's is per tag: the same per-tag rule here.
  p.addHook("uponSanitizeAttribute", (node, data) => {
    const tag = node.nodeName.toLowerCase();
    if (!attributeAllowed(tag, data.attrName) || !attributeValueAllowed(data.attrName, data.attrValue.trim())) data.keepAttr = false;
  });
  // The Worker drops an <img> it has no safe source for; so does this.
  p.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName === "IMG" && !node.hasAttribute("src")) node.remove();
  });
  // Links leaving the site open in a new tab without handing it our window (nor the editor's form).
  p.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName !== "A") return;
    const href = node.getAttribute("href") ?? "";
    if (/^https?:\/\//i.test(href) && !href.startsWith(window.location.origin)) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer nofollow");
    }
  });
  purifier = p;
  return p;
}

/** Article HTML made safe to insert, with the Worker's allowlist. */
export function sanitizeArticleHtml(html: string): string {
  return instance().sanitize(html, ARTICLE_PURIFY_CONFIG) as string;
}

/** The same, with what DOMPurify removed (tests check that stored bodies lose nothing). */
export function sanitizeArticleHtmlReport(html: string): { html: string; removed: unknown[] } {
  const p = instance();
  const out = p.sanitize(html, ARTICLE_PURIFY_CONFIG) as string;
  return { html: out, removed: [...p.removed] };
}
