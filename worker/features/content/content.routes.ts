import { apiContract } from "#schema/contracts/api/index.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import {
  categoryArticles,
  getArticle,
  listArticles,
  listGuides,
  pageArticles,
  relatedArticles,
  trendingArticles,
} from "./articles.service.ts";
import { getCategory, listCategories } from "./categories.service.ts";
import { getTag, tagArticles } from "./tags.service.ts";

/** Public content changes a few times a day; browsers may reuse an answer for a minute. */
const CONTENT_CACHE = CACHE_POLICIES.contentReads.browser;
const DEFAULT_TRENDING = 5;
const DEFAULT_RELATED = 3;

export const articlesRoutes = contractRoutes(
  route(apiContract.listArticles, async (c) => {
    const { page, limit, kind } = c.req.valid("query");
    c.header("cache-control", CONTENT_CACHE);
    if (page !== undefined) return c.json(await pageArticles(c.env, { page, limit, kind }), 200);
    return c.json(await listArticles(c.env, { limit, kind }), 200);
  }),
  route(apiContract.listTrendingArticles, async (c) => {
    c.header("cache-control", CONTENT_CACHE);
    return c.json(await trendingArticles(c.env, c.req.valid("query").limit ?? DEFAULT_TRENDING), 200);
  }),
  route(apiContract.getArticle, async (c) => {
    const article = await getArticle(c.env, c.req.valid("param").slug);
    c.header("cache-control", CONTENT_CACHE);
    return c.json(article, 200);
  }),
  route(apiContract.listRelatedArticles, async (c) => {
    const related = await relatedArticles(c.env, c.req.valid("param").slug, c.req.valid("query").limit ?? DEFAULT_RELATED);
    c.header("cache-control", CONTENT_CACHE);
    return c.json(related, 200);
  }),
);

export const categoriesRoutes = contractRoutes(
  route(apiContract.listCategories, async (c) => {
    c.header("cache-control", CONTENT_CACHE);
    return c.json(await listCategories(c.env), 200);
  }),
  route(apiContract.getCategory, async (c) => {
    const category = await getCategory(c.env, c.req.valid("param").slug);
    c.header("cache-control", CONTENT_CACHE);
    return c.json(category, 200);
  }),
  route(apiContract.listCategoryArticles, async (c) => {
    const category = await getCategory(c.env, c.req.valid("param").slug);
    const list = await categoryArticles(c.env, category, c.req.valid("query").limit);
    c.header("cache-control", CONTENT_CACHE);
    return c.json(list, 200);
  }),
);

export const guidesRoutes = contractRoutes(
  route(apiContract.listGuides, async (c) => {
    c.header("cache-control", CONTENT_CACHE);
    return c.json(await listGuides(c.env), 200);
  }),
);

export const tagsRoutes = contractRoutes(
  route(apiContract.getTag, async (c) => {
    const { slug, name } = await getTag(c.env, c.req.valid("param").slug);
    c.header("cache-control", CONTENT_CACHE);
    return c.json({ slug, name }, 200);
  }),
  route(apiContract.listTagArticles, async (c) => {
    const list = await tagArticles(c.env, c.req.valid("param").slug, c.req.valid("query").limit);
    c.header("cache-control", CONTENT_CACHE);
    return c.json(list, 200);
  }),
);
