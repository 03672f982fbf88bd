import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ArticleSummary } from "#schema/contracts/article.ts";
import { articlePath, CATEGORY } from "#schema/contracts/article-rules.ts";
import styles from "./article-card.module.css";
import { ArticleImage } from "./article-image.tsx";
import { ArticleMeta } from "./article-meta.tsx";
import "./ui.css";

type Variant = "feature" | "card" | "row";

/**
 * An article in a list. `feature` is the large lead story, `card` a grid tile, `row` a compact
 * line with a thumbnail (sidebars and search results). The whole card is one link.
 */
export function ArticleCard({
  article,
  variant = "card",
  title,
  excerpt,
  eager = false,
  dateStyle,
}: {
  article: ArticleSummary;
  variant?: Variant;
  dateStyle?: "relative" | "date";
  /** The title as shown, e.g. with the search term highlighted. */
  title?: ReactNode;
  /** An excerpt to show even in a `row` (search results show theirs, highlighted). */
  excerpt?: ReactNode;
  eager?: boolean;
}) {
  const rank = article.categoryId === CATEGORY.trendingAnalysis ? article.rank : null;
  return (
    <article className={`${styles.tile} ${styles[variant]}`}>
      <Link to={articlePath(article)} className={styles.link}>
        <ArticleImage src={article.imageUrl} rank={variant === "row" ? null : rank} eager={eager} />
        <div className={styles.body}>
          <span className={styles.category}>{article.categoryName}</span>
          <h3 className={styles.title}>{title ?? article.title}</h3>
          {excerpt ? (
            <p className={styles.excerpt}>{excerpt}</p>
          ) : variant !== "row" && article.excerpt ? (
            <p className={styles.excerpt}>{article.excerpt}</p>
          ) : null}
          <ArticleMeta publishedAt={article.publishedAt} readTime={article.readTime} dateStyle={dateStyle} className={styles.meta} />
        </div>
      </Link>
    </article>
  );
}

/**
 * Heights of a typical card's lines (label, title, excerpt, date), so the page hardly moves when the
 * cards replace their placeholders: a feature's title is about three large lines and its excerpt four.
 */
const SKELETON_LINES: Record<Variant, { title: number; excerpt: number }> = {
  feature: { title: 96, excerpt: 99 },
  card: { title: 66, excerpt: 63 },
  row: { title: 40, excerpt: 0 },
};

/** Placeholder tiles with the shape and size of the cards they stand in for. */
export function ArticleCardSkeleton({ variant = "card" }: { variant?: Variant }) {
  const lines = SKELETON_LINES[variant];
  return (
    <div className={`${styles.tile} ${styles[variant]} ${styles.skeleton}`} aria-hidden="true" data-testid="article-skeleton">
      <div className={`${styles.media} skeleton`} />
      <div className={styles.body}>
        <span className="skeleton" style={{ width: "30%", height: 14 }} />
        <span className="skeleton" style={{ width: "90%", height: lines.title, marginTop: 4 }} />
        {lines.excerpt ? <span className="skeleton" style={{ width: "100%", height: lines.excerpt, marginTop: 4 }} /> : null}
        <span className="skeleton" style={{ width: "40%", height: 16, marginTop: 4 }} />
      </div>
    </div>
  );
}
