/** Facts about the site that several features show. */
export const SUPPORT_EMAIL = "support@coinsight.news";
