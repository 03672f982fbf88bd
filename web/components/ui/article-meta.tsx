import { dateTime, shortDate, timeAgo } from "#web/lib/format.ts";
import { useClock } from "#web/lib/render-context.ts";
import styles from "./article-card.module.css";

/** "3 hours ago · 5 min read", with the comment count when there are comments (never "0 comments"). */
export function ArticleMeta({
  publishedAt,
  readTime,
  commentCount,
  dateStyle = "relative",
  className,
}: {
  publishedAt: string;
  readTime: number;
  commentCount?: number;
  /** "relative" reads "3 hours ago"; "date" reads "Sep 1, 2026" (guides, which do not date). */
  dateStyle?: "relative" | "date";
  className?: string;
}) {
  const date = new Date(publishedAt);
  const { now, zone } = useClock();
  return (
    <p className={[styles.metaLine, className].filter(Boolean).join(" ")}>
      <time dateTime={publishedAt} title={dateTime(date, zone)}>
        {dateStyle === "date" ? shortDate(date, zone) : timeAgo(publishedAt, now)}
      </time>
      <span aria-hidden="true"> · </span>
      <span>{readTime} min read</span>
      {commentCount ? (
        <>
          <span aria-hidden="true"> · </span>
          <span>
            {commentCount} {commentCount === 1 ? "comment" : "comments"}
          </span>
        </>
      ) : null}
    </p>
  );
}
