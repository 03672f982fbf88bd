import {
  adminStatsSchema,
  coinArticlesQuery,
  coinArticlesSchema,
  coinSocialSchema,
  globalMarketSchema,
  historyQuery,
  historySchema,
  mappingBody,
  mappingSchema,
  unmappedListSchema,
} from "../charts.ts";
import { coinCategoriesSchema, coinCategoryPageQuery, coinCategoryParams } from "../coin-categories.ts";
import { cryptoPageSchema, symbolParams } from "../crypto.ts";
import { errors, json, noQuery, type RouteContract } from "./route-contract.ts";

const ADMIN = ["Admin"];

/** Price history, the market strip, a coin's news and the TradingView chart mappings (read by anyone, written by admins). */
export const chartsContract = {
  getPriceHistory: {
    method: "GET",
    path: "/api/cryptos/:symbol/history",
    summary: "A coin's price history",
    tags: ["Market data"],
    access: "public",
    request: { params: symbolParams, query: historyQuery },
    responses: { 200: json("Price points, oldest first (gaps are absent)", historySchema), ...errors(400, 404) },
  },
  listCoinArticles: {
    method: "GET",
    path: "/api/cryptos/:symbol/articles",
    summary: "The latest public articles about one coin",
    tags: ["Market data", "Articles"],
    access: "public",
    request: { params: symbolParams, query: coinArticlesQuery },
    responses: { 200: json("The articles, newest first", coinArticlesSchema), ...errors(400, 404) },
  },
  getCoinSocial: {
    method: "GET",
    path: "/api/cryptos/:symbol/social",
    summary: "A coin's figures in the latest social snapshot",
    tags: ["Market data"],
    access: "public",
    request: { params: symbolParams, query: noQuery },
    responses: { 200: json("The coin's social figures, or null when the snapshot has none", coinSocialSchema), ...errors(400, 404) },
  },
  listCoinCategories: {
    method: "GET",
    path: "/api/coin-categories",
    summary: "The categories the Top 500 can be filtered by",
    description:
      "Read from the latest social snapshot, and listed only when its source classifies coins (LunarCrush); the offline " +
      "sentiment model's name-based guesses are never offered, so offline the list is empty and `source` says why.",
    tags: ["Market data"],
    access: "public",
    request: { query: noQuery },
    responses: { 200: json("The categories, largest first, with the snapshot they come from", coinCategoriesSchema), ...errors(400) },
  },
  getCoinCategory: {
    method: "GET",
    path: "/api/coin-categories/:slug",
    summary: "One page of a category's coins in the Top 500",
    tags: ["Market data"],
    access: "public",
    request: { params: coinCategoryParams, query: coinCategoryPageQuery },
    responses: { 200: json("One page of the category's coins, sorted as the Top 500's pages", cryptoPageSchema), ...errors(400, 404) },
  },
  getGlobalMarket: {
    method: "GET",
    path: "/api/market/global",
    summary: "The market strip: totals, BTC dominance, sentiment",
    tags: ["Market data"],
    access: "public",
    request: { query: noQuery },
    responses: { 200: json("Totals of the tracked coins", globalMarketSchema), ...errors(400) },
  },
  getChartMapping: {
    method: "GET",
    path: "/api/tradingview-mappings/:symbol",
    summary: "A coin's TradingView chart symbol",
    tags: ["Market data"],
    access: "public",
    request: { params: symbolParams },
    responses: { 200: json("The mapping (null symbol when the coin has none)", mappingSchema), ...errors(400) },
  },
  saveChartMapping: {
    method: "POST",
    path: "/api/tradingview-mappings",
    summary: "Set (or hide) a coin's TradingView chart symbol",
    tags: ADMIN,
    access: "admin",
    request: { body: mappingBody },
    responses: { 200: json("The saved mapping", mappingSchema), ...errors(400, 401, 403, 413) },
  },
  listUnmappedCryptos: {
    method: "GET",
    path: "/api/admin/unmapped-cryptos",
    summary: "Tracked coins without a TradingView chart symbol",
    tags: ADMIN,
    access: "admin",
    responses: { 200: json("The unmapped coins and the coverage", unmappedListSchema), ...errors(401, 403) },
  },
  getAdminStats: {
    method: "GET",
    path: "/api/admin/stats",
    summary: "Counts for the admin overview",
    tags: ADMIN,
    access: "admin",
    responses: { 200: json("Users, articles and chart coverage", adminStatsSchema), ...errors(401, 403) },
  },
} as const satisfies Record<string, RouteContract>;
