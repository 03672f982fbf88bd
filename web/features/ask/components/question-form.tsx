import { type FormEvent, useId, useState } from "react";
import { PLAN_QUESTION_MAX } from "#schema/contracts/ask-free-types.ts";
import { Button } from "#web/components/ui/button.tsx";
import styles from "./free.module.css";

/** Questions in the words readers use, one per kind the page answers. */
export const EXAMPLES = [
  "Is SOL doing better than ETH this week?",
  "Which top 100 coins fell most today?",
  "How did my coins do this week?",
  "What is Chainlink?",
];

type Props = { busy: boolean; followsUp: boolean; onAsk: (question: string) => void; onStartOver: () => void };

/**
 * The question box. What was typed stays in the box until the question is sent, and a question that
 * could not be sent is not lost (the page shows the turn with its error and the words asked).
 */
export function QuestionForm({ busy, followsUp, onAsk, onStartOver }: Props) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    const question = text.trim();
    if (!question) return setProblem("Type a question");
    if (question.length > PLAN_QUESTION_MAX) return setProblem(`A question is at most ${PLAN_QUESTION_MAX} characters`);
    setProblem(null);
    setText("");
    onAsk(question);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-q`} className={styles.label}>
        {followsUp ? "Ask a follow-up, or a new question" : "Your question"}
      </label>
      <textarea
        id={`${id}-q`}
        className="input"
        rows={2}
        value={text}
        maxLength={PLAN_QUESTION_MAX + 100}
        placeholder="e.g. Is SOL doing better than ETH this week?"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-err` : `${id}-count`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter sends, as in a chat; Shift+Enter starts a new line.
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
        }}
      />
      <div className={styles.formRow}>
        {problem ? (
          <span id={`${id}-err`} className={styles.problem} role="alert">
            {problem}
          </span>
        ) : (
          <span id={`${id}-count`} className="muted">
            {text.length}/{PLAN_QUESTION_MAX}
          </span>
        )}
        <span className={styles.actions}>
          {followsUp ? (
            <Button variant="ghost" size="sm" onClick={onStartOver} disabled={busy}>
              Start over
            </Button>
          ) : null}
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? "Answering..." : "Ask"}
          </Button>
        </span>
      </div>
      {followsUp ? null : (
        <fieldset className={styles.examples}>
          <legend className="visually-hidden">Example questions</legend>
          {EXAMPLES.map((q) => (
            <button key={q} type="button" className={styles.chip} disabled={busy} onClick={() => onAsk(q)}>
              {q}
            </button>
          ))}
        </fieldset>
      )}
    </form>
  );
}
