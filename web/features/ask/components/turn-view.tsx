import { Link } from "react-router";
import type { AskPlan } from "#schema/contracts/ask-free-types.ts";
import { Notice } from "#web/components/ui/notice.tsx";
import { useLoginHref } from "#web/lib/auth.ts";
import type { Turn } from "../lib/conversation.ts";
import { formatAnswer } from "../lib/format-answer.tsx";
import { AnswerTables } from "./answer-tables.tsx";
import styles from "./free.module.css";
import { PlanBar } from "./plan-bar.tsx";

/** One question and what came of it: its plan, the server's tables, the checked text, or why not. */
export function TurnView({ turn, busy, onCorrect }: { turn: Turn; busy: boolean; onCorrect: (plan: AskPlan) => void }) {
  const signIn = useLoginHref();
  const { status, plan, answer, error } = turn;
  return (
    <article
      className={styles.turn}
      data-testid="ask-turn"
      data-status={status}
      aria-busy={status === "planning" || status === "answering"}
    >
      <p className={styles.question}>
        <span className="muted">You asked: </span>
        {turn.question}
      </p>
      {status === "planning" ? (
        <p className="muted" role="status">
          Reading your question...
        </p>
      ) : null}
      {plan ? <PlanBar plan={plan} busy={busy} onCorrect={onCorrect} /> : null}
      <div className={styles.answer} aria-live="polite">
        <AnswerTables tables={turn.tables} />
        {turn.text ? formatAnswer(turn.text) : null}
        {status === "answering" ? (
          <p className="muted" role="status">
            Writing the answer...
          </p>
        ) : null}
      </div>
      {answer ? (
        <p className={styles.meta} data-testid="ask-charge">
          {answer.charged ? "Counted as one question." : "Free: not counted."}
          {answer.cached ? " From the answer cache." : ""}
          {answer.id ? " Kept in your questions below." : ""}
        </p>
      ) : null}
      {turn.refusal ? (
        <p className={styles.refusal} data-testid="ask-refusal">
          {turn.refusal} <span className="muted">Nothing was counted.</span>
        </p>
      ) : null}
      {error ? (
        <Notice tone="error">
          {error.message} {error.status === 401 ? <a href={signIn}>Sign in</a> : null}
          {error.status === 402 || error.status === 429 ? <Link to="/subscribe">See plans</Link> : null}
        </Notice>
      ) : null}
    </article>
  );
}
