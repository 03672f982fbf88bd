import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";

/**
 * Categories have fixed ids (public-site.md §9): 17 Trending Analysis (social momentum), 18 Daily
 * Roundup, 19 Crypto 101, 20-23 the four Crypto 101 cards. They are reference data, inserted by
 * the migration that creates the table.
 */
export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description").notNull().default(""),
  /** "news" for AI analysis, "guide" for Crypto 101. */
  kind: text("kind", { enum: ["news", "guide"] }).notNull(),
});

export const articleStatuses = ["draft", "published", "review"] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull(),
    /** How `content` is written: sanitised HTML, or Markdown rendered (then sanitised) for display. */
    contentFormat: text("content_format", { enum: ["markdown", "html"] })
      .notNull()
      .default("markdown"),
    imageUrl: text("image_url").notNull().default(""),
    categoryId: integer("category_id")
      .notNull()
      .references((): AnySQLiteColumn => categories.id),
    cryptoSymbol: text("crypto_symbol"),
    cryptoName: text("crypto_name"),
    /** Market-cap rank of the coin an analysis is about (the social-momentum badge). */
    rank: integer("rank"),
    /** draft: not public; published: public when published_at has passed; review: failed a check, never public. */
    status: text("status", { enum: articleStatuses }).notNull().default("draft"),
    publishedAt: text("published_at"),
    readTime: integer("read_time").notNull().default(1),
    commentCount: integer("comment_count").notNull().default(0),
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    twitterPosted: integer("twitter_posted", { mode: "boolean" }).notNull().default(false),
    /** The X post's id once posted (null offline, where the post lands in the outbox). */
    twitterPostId: text("twitter_post_id"),
    /** Set while one admin's post to X is in flight: a second click finds it claimed and posts nothing. */
    twitterClaimedAt: text("twitter_claimed_at"),
    /** Bumped by every edit: the editor's save names the revision it started from (optimistic concurrency). */
    revision: integer("revision").notNull().default(1),
    authorId: text("author_id"),
    /** The "By ..." line readers see; null: none for a hand-written piece, the newsroom's for a generated one. */
    byline: text("byline"),
    /** Optional `_seo` overrides: { metaTags?: {...}, structuredData?: {...} } as JSON. */
    seoJson: text("seo_json"),
    /** For generated articles: the time of the data they were written from, and their sources (JSON array). */
    dataAsOf: text("data_as_of"),
    sourcesJson: text("sources_json"),
    /** Why an article was held for review (e.g. a figure that did not match its facts). */
    reviewReason: text("review_reason"),
    /** For generated articles: the claim check's per-figure match table (JSON array of FigureCheck). */
    groundingJson: text("grounding_json"),
    /**
     * For generated articles: the facts and coins the draft was checked against (JSON ClaimInput), so
     * every editor's save is checked again with the same claim check and the same facts.
     */
    claimInputJson: text("claim_input_json"),
    /** The last claim check's result (JSON: ok, reasons, checkedAt, by): the newsroom's, then each save's. */
    checkJson: text("check_json"),
    /** The last publication over held sentences (JSON: userId, email, at, the reasons it overrode). */
    overrideJson: text("override_json"),
    /** For generated articles: how they were written (writer, model, attempts, token usage, prompt hash, raw answer) as JSON. */
    generationJson: text("generation_json"),
    /** Idempotency key of the generation run that wrote it, e.g. "2026-11-22:trending_top_100:btc". */
    generationKey: text("generation_key").unique(),
    deletedAt: text("deleted_at"),
    deletedBy: text("deleted_by"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [
    index("articles_public_idx").on(t.status, t.deletedAt, t.publishedAt),
    index("articles_category_idx").on(t.categoryId, t.publishedAt),
    // The few articles readers never see (drafts, held, trashed, undated). Unused since search counts the
    // hidden among its capped matches instead (docs/performance.md, Scale run): a later migration may drop it.
    index("articles_hidden_idx").on(t.id).where(sql`status <> 'published' OR deleted_at IS NOT NULL OR published_at IS NULL`),
    // The editors' desk, newest first (worker/features/editorial/article-admin-store.ts): a page's ids
    // come from this index alone, without sorting every article or reading their bodies.
    index("articles_desk_idx").on(t.createdAt, t.id).where(sql`deleted_at IS NULL`),
  ],
);

/** Every saved state of an article, for the editor's version history. */
export const articleVersions = sqliteTable(
  "article_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    versionNumber: integer("version_number").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull(),
    /** The content's format then: restoring a version written before an HTML edit gives its Markdown back. */
    contentFormat: text("content_format", { enum: ["markdown", "html"] })
      .notNull()
      .default("markdown"),
    imageUrl: text("image_url").notNull().default(""),
    categoryId: integer("category_id").notNull(),
    authorNotes: text("author_notes").notNull().default(""),
    createdBy: text("created_by"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [uniqueIndex("article_versions_number_idx").on(t.articleId, t.versionNumber)],
);

/**
 * Scheduled publication: which article has a schedule, when, and the Workflow instance that carries it
 * out (docs/decisions/editorial/scheduled-publishing-is-a-sleeping-workflow.md). The instance's own state
 * (waiting, published, held) lives in the Workflows engine and is read from it; this row is only the index
 * the engine cannot give (a binding has no list of instances) and the time to show. One row per article:
 * rescheduling replaces it.
 */
export const articleSchedules = sqliteTable(
  "article_schedules",
  {
    articleId: integer("article_id")
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    instanceId: text("instance_id").notNull(),
    publishAt: text("publish_at").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("article_schedules_publish_at_idx").on(t.publishAt)],
);

/**
 * Addresses an article had before its slug was edited: each points straight at the article (never at
 * another slug, so there are no chains), and the article's page answers a 301 to its current address
 * (docs/decisions/editorial/slug-changes-redirect-old-addresses.md). Taking a slug back removes it here.
 */
export const articleSlugRedirects = sqliteTable(
  "article_slug_redirects",
  {
    slug: text("slug").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [index("article_slug_redirects_article_idx").on(t.articleId)],
);

/** Tags beyond the one category (docs/decisions/editorial/tags.md): created by typing them on the desk. */
export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The normalised name (tagSlug in schema/contracts/tags.ts), the tag page's address. */
  slug: text("slug").notNull().unique(),
  /** The name as first typed. */
  name: text("name").notNull(),
  createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});

/**
 * A tag's earlier addresses (docs/decisions/editorial/tags.md): a renamed tag's old slug, a merged tag's
 * slug. `/tag/{slug}` answers 301 to the tag's page, and a name typed on the desk with that slug is
 * the tag it now belongs to. A tag that takes the slug back shadows the row.
 */
export const tagSlugRedirects = sqliteTable(
  "tag_slug_redirects",
  {
    slug: text("slug").primaryKey(),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [index("tag_slug_redirects_tag_idx").on(t.tagId)],
);

export const articleTags = sqliteTable(
  "article_tags",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    /** The order the editor gave them. */
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tagId] }), index("article_tags_tag_idx").on(t.tagId, t.articleId)],
);

/**
 * Autosaved editor forms (docs/decisions/editorial/autosave-and-recovery.md): one per article and admin,
 * the form as typed (JSON) and the revision it started from. Not a version and never public: only the
 * admin who wrote it reads it back, and a save or a discard deletes it.
 */
export const articleDrafts = sqliteTable(
  "article_drafts",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    form: text("form").notNull(),
    baseRevision: integer("base_revision").notNull(),
    savedAt: text("saved_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] })],
);
