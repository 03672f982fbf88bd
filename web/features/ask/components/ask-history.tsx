import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AskHistory } from "#schema/contracts/ask-free-types.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useLoginHref } from "#web/lib/auth.ts";
import { timeAgo } from "#web/lib/format.ts";
import { askHistoryKey, askHistoryQuery, deleteAskHistoryEntry } from "../api/ask-free.ts";
import { formatAnswer } from "../lib/format-answer.tsx";
import { AnswerTables } from "./answer-tables.tsx";
import styles from "./free.module.css";

/** The member's kept questions, newest first: read again for free, or deleted. */
export function AskHistoryList({ signedIn }: { signedIn: boolean }) {
  const signIn = useLoginHref();
  const client = useQueryClient();
  const history = useQuery(askHistoryQuery(signedIn));
  const [open, setOpen] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: deleteAskHistoryEntry,
    onSuccess: (_done, id) => {
      client.setQueryData<AskHistory>(askHistoryKey, (old) => (old ? { ...old, entries: old.entries.filter((e) => e.id !== id) } : old));
    },
  });

  return (
    <section className={styles.history} aria-labelledby="ask-history-title">
      <h2 id="ask-history-title">Your questions</h2>
      {!signedIn ? (
        <p className="muted">
          <a href={signIn}>Sign in</a> to keep your questions and answers here.
        </p>
      ) : history.isLoading ? (
        <Skeleton height={48} />
      ) : history.isError ? (
        <Notice tone="error">Your questions could not be loaded. Please try again later.</Notice>
      ) : !history.data?.entries.length ? (
        <p className="muted">No questions yet. The questions you ask here are kept until you delete them.</p>
      ) : (
        <ul className={styles.historyList}>
          {history.data.entries.map((e) => (
            <li key={e.id} className={styles.historyItem}>
              <div className={styles.historyHead}>
                <button
                  type="button"
                  className={styles.historyQuestion}
                  aria-expanded={open === e.id}
                  onClick={() => setOpen(open === e.id ? null : e.id)}
                >
                  {e.question}
                </button>
                <span className="muted">{timeAgo(e.createdAt)}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete “${e.question}”`}
                  disabled={remove.isPending && remove.variables === e.id}
                  onClick={() => remove.mutate(e.id)}
                >
                  Delete
                </Button>
              </div>
              {open === e.id ? (
                <div className={styles.answer}>
                  <p className="muted">{e.plan.summary}</p>
                  <AnswerTables tables={e.tables} />
                  {formatAnswer(e.response)}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {remove.isError ? <Notice tone="error">That question could not be deleted. Please try again.</Notice> : null}
    </section>
  );
}
