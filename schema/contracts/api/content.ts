import { z } from "zod";
import {
  articleListQuery,
  articlePageSchema,
  articleSchema,
  articleSummaryListSchema,
  categoryListSchema,
  categorySchema,
  limitQuery,
  slugParams,
} from "../article.ts";
import { tagParams, tagSchema } from "../article-meta.ts";
import { adminArticlePageSchema } from "../editorial.ts";
import { errors, json, noQuery, type RouteContract } from "./route-contract.ts";

/** Public articles, categories and guides. */
export const contentContract = {
  listArticles: {
    method: "GET",
    path: "/api/articles",
    summary: "The newest public articles",
    description:
      "Without `page`: a list (all, or one `kind`). With `page`: one page with the total. " +
      "An admin's paged call without `kind` answers the private admin list instead (drafts and held articles; " +
      "its query is `adminArticleQuery`: `page`, `limit` up to 100, `q`, `categoryId` and `status`).",
    tags: ["Articles"],
    access: "public",
    request: { query: articleListQuery },
    responses: {
      200: json(
        "A list, a page, or (for an admin) the admin page",
        z.union([articleSummaryListSchema, articlePageSchema, adminArticlePageSchema]),
      ),
      ...errors(400),
    },
  },
  listTrendingArticles: {
    method: "GET",
    path: "/api/articles/trending",
    summary: "Trending Now: the latest news",
    tags: ["Articles"],
    access: "public",
    request: { query: limitQuery(20) },
    responses: { 200: json("Articles, newest first", articleSummaryListSchema), ...errors(400) },
  },
  getArticle: {
    method: "GET",
    path: "/api/articles/:slug",
    summary: "One public article",
    description:
      "An address the article had before its slug was edited answers the article too, with its current `slug`: the site then shows it at its current address (its page answers 301).",
    tags: ["Articles"],
    access: "public",
    request: { params: slugParams, query: noQuery },
    responses: { 200: json("The article with its body", articleSchema), ...errors(400, 404) },
  },
  listRelatedArticles: {
    method: "GET",
    path: "/api/articles/:slug/related",
    summary: "Articles related to one article",
    tags: ["Articles"],
    access: "public",
    request: { params: slugParams, query: limitQuery(12) },
    responses: { 200: json("Related articles", articleSummaryListSchema), ...errors(400, 404) },
  },
  listCategories: {
    method: "GET",
    path: "/api/categories",
    summary: "Every category",
    tags: ["Articles"],
    access: "public",
    request: { query: noQuery },
    responses: { 200: json("The categories", categoryListSchema), ...errors(400) },
  },
  getCategory: {
    method: "GET",
    path: "/api/categories/:slug",
    summary: "One category",
    tags: ["Articles"],
    access: "public",
    request: { params: slugParams, query: noQuery },
    responses: { 200: json("The category", categorySchema), ...errors(400, 404) },
  },
  listCategoryArticles: {
    method: "GET",
    path: "/api/categories/:slug/articles",
    summary: "A category's public articles",
    tags: ["Articles"],
    access: "public",
    request: { params: slugParams, query: limitQuery(500) },
    responses: { 200: json("Articles, newest first", articleSummaryListSchema), ...errors(400, 404) },
  },
  getTag: {
    method: "GET",
    path: "/api/tags/:slug",
    summary: "One tag",
    description: "404 for a tag no public article carries.",
    tags: ["Articles"],
    access: "public",
    request: { params: tagParams, query: noQuery },
    responses: { 200: json("The tag", tagSchema), ...errors(400, 404) },
  },
  listTagArticles: {
    method: "GET",
    path: "/api/tags/:slug/articles",
    summary: "A tag's public articles",
    tags: ["Articles"],
    access: "public",
    request: { params: tagParams, query: limitQuery(500) },
    responses: { 200: json("Articles, newest first", articleSummaryListSchema), ...errors(400, 404) },
  },
  listGuides: {
    method: "GET",
    path: "/api/guides",
    summary: "Every public Crypto 101 guide",
    tags: ["Articles"],
    access: "public",
    request: { query: noQuery },
    responses: { 200: json("Guides, newest first", articleSummaryListSchema), ...errors(400) },
  },
} as const satisfies Record<string, RouteContract>;
