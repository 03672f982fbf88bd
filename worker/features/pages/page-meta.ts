import type { Article, Category } from "#schema/contracts/article.ts";
import type { Tag } from "#schema/contracts/article-meta.ts";
import { articlePath, isGuideCategory } from "#schema/contracts/article-rules.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { METHODOLOGY_PATH, NEWSROOM_BYLINE, provenanceOf } from "#schema/contracts/provenance.ts";
import type { PageMeta } from "./html-head.ts";
import { absoluteUrl, SITE_DESCRIPTION, SITE_NAME, socialImage } from "./site.ts";

const titled = (title: string) => `${title} | ${SITE_NAME}`;

/** Search snippets are cut around 160 characters; keep whole words. */
export function clip(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[\s,.;:-]+$/, "")}…`;
}

function organization(origin: string) {
  return {
    "@type": "Organization",
    name: SITE_NAME,
    url: origin,
    logo: { "@type": "ImageObject", url: absoluteUrl(origin, "/favicon.svg") },
  };
}

function breadcrumbs(items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: item.url })),
  };
}

/** A generated article says how it was produced: the newsroom as author, the writer, the data it is based on, the methodology. */
function generatedProvenance(article: Article, origin: string): Record<string, unknown> {
  const p = provenanceOf(article.sources);
  if (!p.production) return {};
  return {
    author: { "@type": "Organization", name: p.byline, url: absoluteUrl(origin, METHODOLOGY_PATH) },
    creditText: p.production,
    publishingPrinciples: absoluteUrl(origin, METHODOLOGY_PATH),
    isBasedOn: [p.market, p.social]
      .filter((s) => s !== null)
      .map((s) => ({ "@type": "Dataset", name: s.name, ...(s.url ? { url: s.url } : {}), ...(s.asOf ? { dateModified: s.asOf } : {}) })),
  };
}

/** Analyses and roundups are NewsArticle; guides are Article. `_seo` overrides win where present. */
export function articleMeta(article: Article, origin: string): PageMeta {
  const canonical = absoluteUrl(origin, articlePath(article));
  const seo = article._seo?.metaTags;
  const title = seo?.title?.trim() || article.title;
  const description = clip(seo?.description?.trim() || article.excerpt || article.title);
  const image = socialImage(origin, seo?.image || article.imageUrl);
  const guide = isGuideCategory(article.categoryId);
  const structured: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": guide ? "Article" : "NewsArticle",
    headline: title.slice(0, 110),
    description,
    image: [image],
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    // An editor's byline names a person; the newsroom's default is the organisation.
    author: article.byline && article.byline !== NEWSROOM_BYLINE ? { "@type": "Person", name: article.byline } : organization(origin),
    publisher: organization(origin),
    mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
    articleSection: article.categoryName,
    ...(article.cryptoName ? { about: { "@type": "Thing", name: article.cryptoName } } : {}),
    ...generatedProvenance(article, origin),
    ...article._seo?.structuredData,
  };
  structured["@context"] = "https://schema.org";
  const section = guide
    ? { name: "Crypto 101", url: absoluteUrl(origin, "/crypto-101") }
    : { name: "News", url: absoluteUrl(origin, "/news") };
  return {
    title: titled(title),
    headline: title,
    description,
    canonical,
    image,
    imageAlt: article.title,
    type: "article",
    keywords:
      seo?.keywords ??
      ([article.cryptoName, article.cryptoSymbol, article.categoryName, ...article.tags.map((t) => t.name)].filter(Boolean).join(", ") ||
        undefined),
    article: { publishedTime: article.publishedAt, modifiedTime: article.updatedAt, section: article.categoryName },
    jsonLd: [structured, breadcrumbs([{ name: "Home", url: absoluteUrl(origin, "/") }, section, { name: article.title, url: canonical }])],
  };
}

const compactUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 2 });

export function coinMeta(coin: Crypto, origin: string): PageMeta {
  const canonical = absoluteUrl(origin, `/coin/${coin.symbol.toLowerCase()}`);
  const name = `${coin.name} (${coin.symbol})`;
  return {
    title: titled(`${name} Price, Market Cap and Analysis`),
    headline: `${name} price today`,
    description: `${name} is trading at ${coin.price} (${coin.price24h} in 24 hours), rank #${coin.rank} by market cap at ${compactUsd.format(coin.marketCap)}. Live price, supply and social sentiment on ${SITE_NAME}.`,
    canonical,
    image: coin.imageUrl || socialImage(origin, null),
    imageAlt: `${coin.name} logo`,
    type: "website",
    jsonLd: [
      breadcrumbs([
        { name: "Home", url: absoluteUrl(origin, "/") },
        { name: "Top 500", url: absoluteUrl(origin, "/markets") },
        { name, url: canonical },
      ]),
    ],
  };
}

export function categoryMeta(category: Category, origin: string): PageMeta {
  const canonical = absoluteUrl(origin, `/categories/${category.slug}`);
  return {
    title: titled(category.name),
    headline: category.name,
    description: category.description || SITE_DESCRIPTION,
    canonical,
    image: socialImage(origin, null),
    type: "website",
    feeds: [{ title: `${SITE_NAME}: ${category.name}`, href: absoluteUrl(origin, `/categories/${category.slug}/rss.xml`) }],
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        name: category.name,
        description: category.description,
        url: canonical,
        isPartOf: { "@type": "WebSite", name: SITE_NAME, url: origin },
      },
    ],
  };
}

export function tagMeta(tag: Tag, origin: string): PageMeta {
  const canonical = absoluteUrl(origin, `/tag/${tag.slug}`);
  const description = `The newest ${SITE_NAME} articles tagged ${tag.name}: news, analysis and guides.`;
  return {
    title: titled(`${tag.name}: articles`),
    headline: tag.name,
    description,
    canonical,
    image: socialImage(origin, null),
    type: "website",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        name: tag.name,
        description,
        url: canonical,
        isPartOf: { "@type": "WebSite", name: SITE_NAME, url: origin },
      },
    ],
  };
}

/** An unknown article, guide, coin or category: the SPA shows its not-found state; crawlers get a 404. */
export function notFoundMeta(origin: string, path: string, what: string): PageMeta {
  return {
    title: titled(`${what} not found`),
    description: SITE_DESCRIPTION,
    canonical: absoluteUrl(origin, path),
    type: "website",
    robots: "noindex",
  };
}
