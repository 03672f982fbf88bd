import type { ApiContract, OperationId } from "#schema/contracts/api/index.ts";

type RouteLine<K extends OperationId> = Pick<ApiContract[K], "method" | "path">;

/**
 * The method and path of each route the web calls. The contract table itself carries every zod
 * schema (and zod), which would land in the first chunk; this map carries only what a fetch needs,
 * and `satisfies` makes the compiler hold each line to the contract's literal method and path.
 */
export const webRoutes = {
  // Public reads
  listCryptos: { method: "GET", path: "/api/cryptos" },
  listGainers: { method: "GET", path: "/api/cryptos/gainers" },
  listLosers: { method: "GET", path: "/api/cryptos/losers" },
  getCrypto: { method: "GET", path: "/api/cryptos/:symbol" },
  getPriceHistory: { method: "GET", path: "/api/cryptos/:symbol/history" },
  listCoinArticles: { method: "GET", path: "/api/cryptos/:symbol/articles" },
  getCoinSocial: { method: "GET", path: "/api/cryptos/:symbol/social" },
  getGlobalMarket: { method: "GET", path: "/api/market/global" },
  getChartMapping: { method: "GET", path: "/api/tradingview-mappings/:symbol" },
  getSiteStatus: { method: "GET", path: "/api/site-status" },
  listArticles: { method: "GET", path: "/api/articles" },
  listTrendingArticles: { method: "GET", path: "/api/articles/trending" },
  getArticle: { method: "GET", path: "/api/articles/:slug" },
  listRelatedArticles: { method: "GET", path: "/api/articles/:slug/related" },
  listCategories: { method: "GET", path: "/api/categories" },
  getCategory: { method: "GET", path: "/api/categories/:slug" },
  listCategoryArticles: { method: "GET", path: "/api/categories/:slug/articles" },
  listGuides: { method: "GET", path: "/api/guides" },
  search: { method: "GET", path: "/api/search" },
  // Members
  getCurrentUser: { method: "GET", path: "/api/auth/user" },
  getSubscription: { method: "GET", path: "/api/user/subscription" },
  listWatchlist: { method: "GET", path: "/api/watchlist" },
  checkWatchlist: { method: "GET", path: "/api/watchlist/check/:symbol" },
  addToWatchlist: { method: "POST", path: "/api/watchlist/add" },
  removeFromWatchlist: { method: "DELETE", path: "/api/watchlist/remove/:symbol" },
  getBilling: { method: "GET", path: "/api/billing" },
  createSubscription: { method: "POST", path: "/api/create-subscription" },
  buyCredits: { method: "POST", path: "/api/billing/credits" },
  openBillingPortal: { method: "POST", path: "/api/billing/portal" },
  payTestCheckout: { method: "POST", path: "/api/billing/test-checkout" },
  getBillingAccount: { method: "GET", path: "/api/billing/account" },
  listStoredAnswers: { method: "GET", path: "/api/ask-coinsight/answers" },
  // Alerts and the bell
  listAlerts: { method: "GET", path: "/api/alerts" },
  createAlert: { method: "POST", path: "/api/alerts" },
  updateAlert: { method: "PATCH", path: "/api/alerts/:id" },
  deleteAlert: { method: "DELETE", path: "/api/alerts/:id" },
  getAlertSettings: { method: "GET", path: "/api/alerts/settings" },
  updateAlertSettings: { method: "PUT", path: "/api/alerts/settings" },
  listNotifications: { method: "GET", path: "/api/notifications" },
  markNotificationsRead: { method: "POST", path: "/api/notifications/read" },
  // Newsletter
  subscribeNewsletter: { method: "POST", path: "/api/newsletter/subscribe" },
  unsubscribeNewsletter: { method: "POST", path: "/api/newsletter/unsubscribe/:token" },
  // Admin
  generateDailyRoundup: { method: "POST", path: "/api/admin/generate-daily-roundup" },
  generateTrendingAnalysis: { method: "POST", path: "/api/admin/generate-trending-analysis" },
  generateLunarcrushData: { method: "POST", path: "/api/admin/generate-lunarcrush-data" },
  generateTrendingTop100: { method: "POST", path: "/api/admin/generate-trending-top-100" },
  generateTrending101To300: { method: "POST", path: "/api/admin/generate-trending-101-300" },
  generateTrending301To500: { method: "POST", path: "/api/admin/generate-trending-301-500" },
  getGenerationStatus: { method: "GET", path: "/api/admin/generation-status" },
  getDailySummary: { method: "GET", path: "/api/admin/daily-summary" },
  retryGeneration: { method: "POST", path: "/api/admin/retry-generation" },
  watchdogRecovery: { method: "POST", path: "/api/admin/watchdog-recovery" },
  downloadLunarcrushData: { method: "GET", path: "/api/admin/download-lunarcrush-data/:range" },
  listOutbox: { method: "GET", path: "/api/admin/outbox" },
  listUnmappedCryptos: { method: "GET", path: "/api/admin/unmapped-cryptos" },
  getAdminStats: { method: "GET", path: "/api/admin/stats" },
  saveChartMapping: { method: "POST", path: "/api/tradingview-mappings" },
  listUsers: { method: "GET", path: "/api/admin/users" },
  changeUserRole: { method: "POST", path: "/api/admin/users/:userId/role" },
  getEditableArticle: { method: "GET", path: "/api/articles/:id/edit" },
  saveArticle: { method: "PUT", path: "/api/articles/:id" },
  trashArticle: { method: "DELETE", path: "/api/articles/:id" },
  listArticleVersions: { method: "GET", path: "/api/articles/:id/versions" },
  getArticleVersion: { method: "GET", path: "/api/articles/:id/versions/:versionId" },
  restoreArticleVersion: { method: "POST", path: "/api/articles/:id/versions/:versionId/restore" },
  listTrash: { method: "GET", path: "/api/admin/trash" },
  restoreFromTrash: { method: "POST", path: "/api/admin/trash/:id/restore" },
  deleteForever: { method: "DELETE", path: "/api/admin/trash/:id" },
  publishArticle: { method: "POST", path: "/api/admin/articles/:id/publish" },
  regenerateArticle: { method: "POST", path: "/api/admin/articles/:id/regenerate" },
  postToTwitter: { method: "POST", path: "/api/admin/articles/:id/post-twitter" },
} as const satisfies { [K in OperationId]?: RouteLine<K> };

export type WebOperation = keyof typeof webRoutes;
