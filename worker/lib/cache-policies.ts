/**
 * Every answer the site keeps for more than one reader, and for how long, in one table: what a browser
 * may keep (its Cache-Control), and what the edge keeps (the colo's Cache API, with the isolate's memory
 * in front of it while the colo's copy holds, and KV beyond the colo). The modules that keep each
 * answer take their lifetimes from here, and docs/caching.md shows this table (a test holds the two
 * together). A key carries what the answer is made from, so nothing is ever purged: a new build,
 * content version or price tick makes new keys, and the lifetimes below only bound the rest.
 */
export type CachePolicy = {
  /** What is kept, as a reader of the docs knows it. */
  answer: string;
  /** The browser's Cache-Control as the route sends it; null where the route sends none of its own. */
  browser: string | null;
  /** Seconds the colo keeps it (per range where the answer has ranges); null when it is not kept there. */
  colo: number | Readonly<Record<string, number>> | null;
  /** Seconds KV keeps it; null when it is not kept there. */
  kv: number | null;
  /** What its key carries besides the address. */
  key: string;
};

const CONTENT_KEY = "the content version (any article write)";

export const CACHE_POLICIES = {
  guestPricePages: {
    answer: "A guest's `/`, `/markets` and coin page, rendered",
    browser: "public, max-age=0, must-revalidate",
    colo: 60,
    // KV's shortest lifetime is 60 s; the next tick's key replaces the copy anyway.
    kv: 120,
    key: "the build, the content version, the price tick, the page's own parameters",
  },
  guestContentPages: {
    answer: "A guest's other rendered pages (articles, guides, categories, legal)",
    browser: "public, max-age=0, must-revalidate",
    colo: 60,
    // At most an hour, and never past the next scheduled article's time (page-store.ts).
    kv: 3_600,
    key: "the build, the content version, the page's own parameters",
  },
  contentReads: {
    answer: "Articles, categories, tags and guides (`/api/articles…`, `/api/categories…`, `/api/tags…`, `/api/guides`)",
    browser: "public, max-age=60, stale-while-revalidate=240",
    // Versioned: an edit shows at once, so a minute only bounds a scheduled post going live.
    colo: 60,
    kv: 300,
    key: CONTENT_KEY,
  },
  search: { answer: "Search (`/api/search`)", browser: "public, max-age=30", colo: 30, kv: null, key: CONTENT_KEY },
  prices: {
    answer: "The coin table, a category's pages of it and one coin (`/api/cryptos…`, `/api/coin-categories/{slug}`)",
    browser: "public, max-age=10, stale-while-revalidate=20",
    // Only the `fromDb` reads are kept in the colo; gainers, losers and one coin come from the isolate's snapshot.
    colo: 10,
    kv: null,
    key: "the validated query and the price tick",
  },
  marketStrip: { answer: "The market strip (`/api/market/global`)", browser: "public, max-age=15", colo: 15, kv: null, key: "none" },
  coinNews: {
    answer: "A coin's articles (`/api/cryptos/{symbol}/articles`)",
    browser: "public, max-age=60",
    // Not versioned: a new article about the coin shows within the minute.
    colo: 60,
    kv: null,
    key: "the coin and the limit",
  },
  coinSocial: {
    answer: "A coin's social figures (`/api/cryptos/{symbol}/social`)",
    browser: "public, max-age=300",
    colo: 300,
    kv: null,
    key: "the coin",
  },
  coinCategories: {
    answer: "The Top 500's categories (`/api/coin-categories`)",
    browser: "public, max-age=300",
    // The snapshot is taken once a day; a new one's categories show within five minutes.
    colo: 300,
    kv: null,
    key: "none",
  },
  priceHistory: {
    answer: "A coin's price history (`/api/cryptos/{symbol}/history`)",
    browser: "public, max-age={the range's colo lifetime}",
    colo: { "24h": 60, "7d": 300, "30d": 600, "1y": 1_800, max: 1_800 },
    kv: null,
    key: "the coin and the range",
  },
  askAnswers: {
    answer: "Ask answers (per coin, question, data time and answerer)",
    browser: null,
    colo: null,
    // An hour; the isolate keeps a hot one in memory for as long.
    kv: 3_600,
    key: "the coin, the question type, the data's time, the answerer",
  },
  slugFilter: {
    answer: "The article addresses that exist (a filter a made-up address is refused by)",
    browser: null,
    colo: null,
    kv: 86_400,
    key: CONTENT_KEY,
  },
  siteStatus: { answer: "The site's status notice (`/api/site-status`)", browser: "public, max-age=30", colo: null, kv: null, key: "-" },
  feeds: { answer: "RSS feeds and sitemaps", browser: "public, max-age=300", colo: null, kv: null, key: "-" },
  robots: { answer: "`/robots.txt`", browser: "public, max-age=3600", colo: null, kv: null, key: "-" },
  apiReference: { answer: "The OpenAPI reference (`/api/openapi.json`)", browser: "public, max-age=300", colo: null, kv: null, key: "-" },
} as const satisfies Record<string, CachePolicy>;
