/** The content feature's public face: articles, categories and guides (docs/decisions/architecture/feature-faces.md). */
export { markdownToHtml, textOf } from "./article-html.ts";
export { isPublic, summaryColumns, toSummary } from "./article-store.ts";
export { categoryArticles, getArticle, listArticles, SITEMAP_BLOCK, sitemapBlock, sitemapBlocks } from "./articles.service.ts";
export { CONTENT_VERSION_KEY } from "./cache-keys.ts";
export { getCategory, listCategories } from "./categories.service.ts";
export { articlesRoutes, categoriesRoutes, guidesRoutes, tagsRoutes } from "./content.routes.ts";
export { contentVersion, invalidateContentCache, nextScheduledPublish } from "./content-cache.ts";
export { presentArticle } from "./present.ts";
export { displayHtml, sanitizeArticleContent } from "./sanitize-html.ts";
export { getTag, tagSitemap } from "./tags.service.ts";
