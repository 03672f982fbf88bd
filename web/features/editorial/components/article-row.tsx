import { Link } from "react-router";
import { type AdminArticle, ALREADY_POSTED_MESSAGE } from "#schema/contracts/editorial.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { utcMinute } from "#web/components/ui/utc-time.tsx";
import { editorHref, serverMessage } from "#web/lib/admin-links.ts";
import { utcDateTime } from "#web/lib/format.ts";
import { heldReasonsOf, reasonLines } from "../lib/held.ts";
import styles from "./articles.module.css";
import { OverrideRecord } from "./check-panel.tsx";
import { TRASH_CONFIRM } from "./editor-form.ts";
import { HeldConfirm } from "./held-confirm.tsx";
import { ACTION_FAILED, REGENERATE_CONFIRM, type useArticleActions } from "./use-article-actions.ts";

type Actions = ReturnType<typeof useArticleActions>;
type Action = keyof Actions;

/** The article an action ran for: publish's variables carry the id with the override, the others are the id. */
const idOf = (variables: unknown) => (typeof variables === "number" ? variables : (variables as { id?: number } | undefined)?.id);

/**
 * Which of this article's actions was last refused, and why: the toast fades, the reason stays by the
 * button until that action runs again. "Already posted" is not a refusal (the list refreshes to show it).
 */
function refusalOf(actions: Actions, id: number): { action: Action; message: string } | null {
  for (const action of ["publish", "regenerate", "trash", "twitter"] as const) {
    const m = actions[action];
    if (!m.isError || idOf(m.variables) !== id) continue;
    // Held reasons are not a refusal to show by the button: the confirm dialog lists them.
    if (action === "publish" && heldReasonsOf(m.error)) continue;
    const message = serverMessage(m.error, ACTION_FAILED[action]);
    if (action === "twitter" && message === ALREADY_POSTED_MESSAGE) continue;
    return { action, message };
  }
  return null;
}

/** One article of the admin list: badges, votes, and the buttons that fit its state. */
export function ArticleRow({ article, actions }: { article: AdminArticle; actions: Actions }) {
  const isHeld = article.status === "review";
  const busy = (m: Actions[Action]) => m.isPending && idOf(m.variables) === article.id;
  const held = actions.publish.held?.id === article.id ? actions.publish.held.reasons : null;
  const refusal = refusalOf(actions, article.id);
  const errorId = `article-${article.id}-action-error`;
  const described = (action: Action) => (refusal?.action === action ? errorId : undefined);
  const confirmThen = (text: string, run: () => void) => {
    if (window.confirm(text)) run();
  };
  return (
    <li className={isHeld ? `${styles.row} ${styles.held}` : styles.row} aria-label={article.title}>
      <div className={styles.main}>
        <h3 className={styles.title}>
          <Link to={editorHref(article.id)}>{article.title}</Link>
        </h3>
        <div className={styles.meta}>
          {article.publishedAt ? <span className="badge badge-green">Published</span> : <span className="badge">Draft</span>}
          {isHeld ? <span className={`badge ${styles.heldBadge}`}>Held for review</span> : null}
          {article.scheduledFor && !article.publishedAt ? (
            <span className="badge badge-brand">Scheduled {utcMinute(article.scheduledFor)}</span>
          ) : null}
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
        {article.override ? <OverrideRecord override={article.override} className={styles.reason} /> : null}
        {isHeld ? (
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
        {isHeld ? (
          <>
            <Button
              size="sm"
              disabled={busy(actions.publish)}
              aria-describedby={described("publish")}
              // The server answers a held article with its reasons; the dialog below lists them before anything is published.
              onClick={() => actions.publish.mutate({ id: article.id })}
            >
              Publish anyway
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={busy(actions.regenerate)}
              aria-describedby={described("regenerate")}
              onClick={() => confirmThen(REGENERATE_CONFIRM, () => actions.regenerate.mutate(article.id))}
            >
              {busy(actions.regenerate) ? "Regenerating…" : "Regenerate"}
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={busy(actions.trash)}
              aria-describedby={described("trash")}
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
            aria-describedby={described("twitter")}
            onClick={() => actions.twitter.mutate(article.id)}
          >
            {article.twitterPosted ? "Posted to Twitter" : busy(actions.twitter) ? "Posting…" : "Post to Twitter"}
          </Button>
        )}
        <FieldError announce id={errorId} message={refusal?.message} className={styles.actionError} />
      </div>
      {held ? (
        <HeldConfirm
          reasons={held}
          busy={busy(actions.publish)}
          onConfirm={() => actions.publish.mutate({ id: article.id, override: { reasons: held } })}
          onClose={actions.publish.cancelHeld}
        />
      ) : null}
    </li>
  );
}
