import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { type AskPlan, PLAN_QUESTION_MAX } from "#schema/contracts/ask-free-types.ts";
import { Button } from "#web/components/ui/button.tsx";
import type { HandedQuestion } from "./ask-page.tsx";
import styles from "./free.module.css";

type Coin = { id?: string; symbol: string; name: string };

/**
 * The card's question box: a question in the reader's words, asked on /ask with this coin as the
 * conversation's context, so "how did it do this month?" is about this coin.
 */
export function CardQuestionBox({ coin }: { coin: Coin }) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const id = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    const question = text.trim().slice(0, PLAN_QUESTION_MAX);
    if (!question) return;
    const ask: HandedQuestion = { question, previous: coin.id ? aboutPlan({ ...coin, id: coin.id }) : null };
    void navigate("/ask", { state: { ask } });
  }

  return (
    <form className={styles.cardBox} onSubmit={submit}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Ask about {coin.name} in your own words
      </label>
      <input
        id={`${id}-q`}
        className="input"
        value={text}
        maxLength={PLAN_QUESTION_MAX}
        placeholder={`Ask about ${coin.symbol.toUpperCase()}`}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={!text.trim()}>
        Ask
      </Button>
    </form>
  );
}

/** The context a coin page gives a question: as if the reader had just asked what the coin is. */
function aboutPlan(coin: Required<Coin>): AskPlan {
  return {
    kind: "plan",
    intent: "about",
    scope: "coins",
    coins: [{ id: coin.id, symbol: coin.symbol, name: coin.name }],
    period: "24h",
    metric: "profile",
    screen: null,
    summary: `About ${coin.name}`,
  };
}
