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

/** The shell's own headers (the security headers of web/public/_headers) for a page; its ETag no longer describes the body. */
function pageHeaders(shell: Response): Headers {
  const headers = new Headers(shell.headers);
  headers.delete("etag");
  headers.delete("content-length");
  headers.set("content-type", "text/html; charset=utf-8");
  headers.set("cache-control", CACHE_POLICIES.guestContentPages.browser);
  return headers;
}

/** A rewriter that puts the page's title and description in place of the site-wide ones. */
function headRewriter(page: PageMeta | null): HTMLRewriter {
  const rewriter = new HTMLRewriter();
  if (!page) return rewriter;
  return rewriter
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

/** The shell through `rewriter`, with `added` (tags) at the end of its <head>. */
function rewrite(rewriter: HTMLRewriter, shell: Response, status: number, headers: Headers, added: string[]): Response {
  const tags = added.filter(Boolean).join("\n    ");
  const rewritten = rewriter
    .on("head", {
      element: (el) => {
        if (tags) el.append(`  ${tags}\n  `, { html: true });
      },
    })
    .transform(new Response(shell.body, { status, headers }));
  return new Response(rewritten.body, { status, headers });
}

/**
 * Fills the SPA shell's <head> for one page: its title and description replace the site-wide
 * ones, and canonical, Open Graph, Twitter and JSON-LD tags are added, then the page's preload hints
 * (preload-hints.ts). A page without its own meta (null) keeps the site-wide title and description.
 * The shell's own headers are kept.
 */
export function fillHead(shell: Response, page: PageMeta | null, status = 200, hints = ""): Response {
  return rewrite(headRewriter(page), shell, status, pageHeaders(shell), [page ? headTags(page) : "", hints]);
}

/** `fillHead` for a page the Worker rendered: #root filled too (rendered-body.ts). */
export async function fillRenderedPage(shell: Response, page: PageMeta | null, hints: string, body: RenderedBody): Promise<Response> {
  const headers = pageHeaders(shell);
  const rewriter = headRewriter(page);
  const root = fillRoot(rewriter, body);
  const res = rewrite(rewriter, shell, 200, headers, [page ? headTags(page) : "", hints, root.hoisted]);
  return new Response(root.splice(await res.text()), { status: 200, headers });
}
