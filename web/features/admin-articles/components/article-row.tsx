import { Link } from "react-router";
import type { AdminArticle } from "#schema/contracts/editorial.ts";
import { Button } from "#web/components/ui/button.tsx";
import { editorHref } from "#web/lib/admin-links.ts";
import { utcDateTime } from "#web/lib/format.ts";
import styles from "./articles.module.css";
import { PUBLISH_CONFIRM, REGENERATE_CONFIRM, TRASH_CONFIRM, type useArticleActions } from "./use-article-actions.ts";

type Actions = ReturnType<typeof useArticleActions>;

/** The grounding check's reason: one failed figure and its problem per line (older reasons use "; "). */
export function reasonLines(reason: string | null): string[] {
  if (!reason) return [];
  const lines = reason.split("\n").map((l) => l.trim());
  return (lines.length > 1 ? lines : reason.split("; ").map((l) => l.trim())).filter(Boolean);
}

/** One article of the admin list: badges, votes, and the buttons that fit its state. */
export function ArticleRow({ article, actions }: { article: AdminArticle; actions: Actions }) {
  const held = article.status === "review";
  const busy = (m: Actions[keyof Actions]) => m.isPending && m.variables === article.id;
  const confirmThen = (text: string, run: () => void) => {
    if (window.confirm(text)) run();
  };
  return (
    <li className={held ? `${styles.row} ${styles.held}` : styles.row} aria-label={article.title}>
      <div className={styles.main}>
        <h3 className={styles.title}>
          <Link to={editorHref(article.id)}>{article.title}</Link>
        </h3>
        <div className={styles.meta}>
          {article.publishedAt ? <span className="badge badge-green">Published</span> : <span className="badge">Draft</span>}
          {held ? <span className={`badge ${styles.heldBadge}`}>Held for review</span> : null}
          <span>{article.categoryName}</span>
          {article.cryptoSymbol ? <span className="num">{article.cryptoSymbol}</span> : null}
          <span>{utcDateTime(article.publishedAt ?? article.createdAt)}</span>
          <span className={styles.votes} title="Upvotes and downvotes">
            <span aria-hidden="true">▲</span> {article.upvotes}
            <span className="visually-hidden"> upvotes,</span> <span aria-hidden="true">▼</span> {article.downvotes}
            <span className="visually-hidden"> downvotes</span>
          </span>
        </div>
        {article.excerpt ? <p className={styles.excerpt}>{article.excerpt}</p> : null}
        {held ? (
          <div className={styles.reason}>
            <p className={styles.reasonTitle}>Why it was held</p>
            <ul>
              {reasonLines(article.reviewReason).map((line) => (
                <li key={line}>{line}</li>
              ))}
              {reasonLines(article.reviewReason).length === 0 ? <li>No reason was recorded.</li> : null}
            </ul>
          </div>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Link className="btn btn-outline btn-sm" to={editorHref(article.id)}>
          Edit
        </Link>
        {held ? (
          <>
            <Button
              size="sm"
              disabled={busy(actions.publish)}
              onClick={() => confirmThen(PUBLISH_CONFIRM, () => actions.publish.mutate(article.id))}
            >
              Publish anyway
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={busy(actions.regenerate)}
              onClick={() => confirmThen(REGENERATE_CONFIRM, () => actions.regenerate.mutate(article.id))}
            >
              {busy(actions.regenerate) ? "Regenerating…" : "Regenerate"}
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={busy(actions.trash)}
              onClick={() => confirmThen(TRASH_CONFIRM, () => actions.trash.mutate(article.id))}
            >
              Trash
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={article.twitterPosted || !article.publishedAt || busy(actions.twitter)}
            title={!article.publishedAt ? "Publish the article before posting it" : undefined}
            onClick={() => actions.twitter.mutate(article.id)}
          >
            {article.twitterPosted ? "Posted to Twitter" : busy(actions.twitter) ? "Posting…" : "Post to Twitter"}
          </Button>
        )}
      </div>
    </li>
  );
}
