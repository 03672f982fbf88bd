/** The search feature's public face: its route and the full-text helpers the admin article list shares. */
export { ftsPhrase, likePattern, TRIGRAM_MIN } from "./article-search.ts";
export { searchRoutes } from "./search.routes.ts";
