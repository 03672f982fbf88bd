import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { escapeXml, scriptJson } from "#worker/lib/html.ts";
import { fillRoot, type RenderedBody } from "./rendered-body.ts";
import { SITE_NAME, SITE_TWITTER } from "./site.ts";

/** What a page tells search engines, link previews and feed readers. */
export type PageMeta = {
  /** The document title, site name included. */
  title: string;
  /** The title link previews show (no site name: they show it separately). Defaults to `title`. */
  headline?: string;
  description: string;
  canonical: string;
  image?: string;
  imageAlt?: string;
  type: "website" | "article";
  /** schema.org objects, each written as its own JSON-LD script. */
  jsonLd?: Record<string, unknown>[];
  /** Extra RSS feeds for this page (the site-wide feed is in index.html already). */
  feeds?: { title: string; href: string }[];
  robots?: string;
  keywords?: string;
  article?: { publishedTime: string; modifiedTime: string; section: string };
};

const meta = (attr: "name" | "property", key: string, content: string) =>
  `<meta ${attr}="${escapeXml(key)}" content="${escapeXml(content)}">`;

export function jsonLdScript(data: Record<string, unknown>): string {
  return `<script type="application/ld+json">${scriptJson(data)}</script>`;
}

export function headTags(page: PageMeta): string {
  const headline = page.headline ?? page.title;
  const tags = [
    `<link rel="canonical" href="${escapeXml(page.canonical)}">`,
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:type", page.type),
    meta("property", "og:title", headline),
    meta("property", "og:description", page.description),
    meta("property", "og:url", page.canonical),
    meta("name", "twitter:card", page.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:site", SITE_TWITTER),
    meta("name", "twitter:title", headline),
    meta("name", "twitter:description", page.description),
  ];
  if (page.image) {
    tags.push(meta("property", "og:image", page.image), meta("name", "twitter:image", page.image));
    if (page.imageAlt) tags.push(meta("property", "og:image:alt", page.imageAlt), meta("name", "twitter:image:alt", page.imageAlt));
  }
  if (page.article) {
    tags.push(
      meta("property", "article:published_time", page.article.publishedTime),
      meta("property", "article:modified_time", page.article.modifiedTime),
      meta("property", "article:section", page.article.section),
    );
  }
  if (page.keywords) tags.push(meta("name", "keywords", page.keywords));
  if (page.robots) tags.push(meta("name", "robots", page.robots));
  for (const feed of page.feeds ?? []) {
    tags.push(`<link rel="alternate" type="application/rss+xml" title="${escapeXml(feed.title)}" href="${escapeXml(feed.href)}">`);
  }
  for (const data of page.jsonLd ?? []) tags.push(jsonLdScript(data));
  return tags.join("\n    ");
}

/**
 * Fills the SPA shell's <head> for one page: its title and description replace the site-wide
 * ones, and canonical, Open Graph, Twitter and JSON-LD tags are added, then the page's preload hints
 * (preload-hints.ts). A page without its own meta (null) keeps the site-wide title and description. The shell's own headers
 * (the security headers of web/public/_headers) are kept; its ETag no longer describes the body.
 * A page the Worker rendered also fills #root (rendered-body.ts).
 */
export function fillHead(shell: Response, page: PageMeta | null, status = 200, hints = "", body?: RenderedBody): Response {
  const headers = new Headers(shell.headers);
  headers.delete("etag");
  headers.delete("content-length");
  headers.set("content-type", "text/html; charset=utf-8");
  headers.set("cache-control", CACHE_POLICIES.guestContentPages.browser);
  const rewriter = new HTMLRewriter();
  if (page) {
    rewriter
      .on("title", {
        element: (el) => {
          el.setInnerContent(page.title);
        },
      })
      .on('meta[name="description"]', {
        element: (el) => {
          el.setAttribute("content", page.description);
        },
      });
  }
  const hoisted = body ? fillRoot(rewriter, body) : "";
  const added = [page ? headTags(page) : "", hints, hoisted].filter(Boolean).join("\n    ");
  const rewritten = rewriter
    .on("head", {
      element: (el) => {
        if (added) el.append(`  ${added}\n  `, { html: true });
      },
    })
    .transform(new Response(shell.body, { status, headers }));
  return new Response(rewritten.body, { status, headers });
}
