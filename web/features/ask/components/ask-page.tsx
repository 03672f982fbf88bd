import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import type { AskPlan } from "#schema/contracts/ask-free-types.ts";
import { useAuth } from "#web/lib/auth.ts";
import { subscriptionQuery } from "../api/ask.ts";
import { useConversation } from "../lib/conversation.ts";
import { AskHistoryList } from "./ask-history.tsx";
import styles from "./free.module.css";
import { QuestionForm } from "./question-form.tsx";
import { TurnView } from "./turn-view.tsx";
import { UsageLine } from "./usage-line.tsx";

/** A question handed over by another page (the coin card's box): asked once, then dropped from history's state. */
export type HandedQuestion = { question: string; previous: AskPlan | null };

/** The /ask page: questions in the member's own words, each planned, shown and answered from checked figures. */
export function AskPage() {
  const { user, isAdmin, isLoading } = useAuth();
  const signedIn = user !== null;
  const sub = useQuery(subscriptionQuery(signedIn && !isAdmin));
  const { turns, ask, correct, busy, startOver, followsUp } = useConversation({ signedIn, subscription: sub.data ?? null });
  const location = useLocation();
  const navigate = useNavigate();
  const handed = useRef(false);

  useEffect(() => {
    const state = location.state as { ask?: HandedQuestion } | null;
    if (handed.current || !state?.ask || isLoading) return;
    handed.current = true;
    // Replace the entry first, so a reload or Back does not ask (and count) the question again.
    void navigate(location.pathname, { replace: true, state: null });
    void ask(state.ask.question, state.ask.previous);
  }, [location, navigate, ask, isLoading]);

  return (
    <div className={styles.page}>
      <p className={styles.intro}>
        Ask about a coin, compare coins, screen the market or check your watchlist, in your own words. Each question is read into a plan you
        can correct, and answered only from Coinsight's recorded figures, checked sentence by sentence. Not financial advice.
      </p>
      <div className={styles.usage} data-testid="ask-usage">
        <UsageLine signedIn={signedIn} isAdmin={isAdmin} sub={sub.data} loading={isLoading || (signedIn && !isAdmin && sub.isLoading)} />
      </div>
      <div className={styles.turns}>
        {turns.map((t) => (
          <TurnView key={t.key} turn={t} busy={busy} onCorrect={(plan) => correct(t.key, plan)} />
        ))}
      </div>
      <QuestionForm busy={busy} followsUp={followsUp} onAsk={(q) => void ask(q)} onStartOver={startOver} />
      <AskHistoryList signedIn={signedIn} />
    </div>
  );
}
