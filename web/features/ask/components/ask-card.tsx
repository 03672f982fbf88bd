import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { FREE_QUESTION, QUESTION_TYPES, type QuestionType } from "#schema/contracts/ask-types.ts";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { useAuth } from "#web/lib/auth.ts";
import { timeAgo } from "#web/lib/format.ts";
import { SUBSCRIPTION_KEY } from "#web/lib/subscription-key.ts";
import { AskError, askCoinsight, storedAnswersQuery, subscriptionQuery } from "../api/ask.ts";
import { ANSWER_FAILED, BANNERS, limitBanner } from "../lib/banners.ts";
import { atMonthlyLimit, CREDITS_OFFER } from "../lib/cost.ts";
import { formatAnswer } from "../lib/format-answer.tsx";
import { keepAnswer, sessionAnswer } from "../lib/session-answers.ts";
import styles from "./ask.module.css";
import { CardQuestionBox } from "./card-question-box.tsx";
import { UsageLine } from "./usage-line.tsx";

export type AskCoin = { id?: string; symbol: string; name: string; price24h?: string };

/** A question's state; `notice` is an uncounted refusal (too little data), `error` a failure. */
type QState = {
  status: "idle" | "pending" | "answered";
  text: string;
  open: boolean;
  error: string | null;
  notice: string | null;
  cached: boolean;
  answeredAt: string | null;
};

const label: Record<QuestionType, (c: AskCoin) => string> = {
  about: (c) => `What is ${c.name}?`,
  price_movement: (c) => `How has ${c.symbol}'s price moved?`,
  future_price: (c) => `What range could ${c.symbol} trade in?`,
  social_sentiment: (c) => `What's the social mood on ${c.symbol}?`,
  latest_news: (c) => `Latest ${c.name} news`,
};

function initial(symbol: string): Record<QuestionType, QState> {
  const out = {} as Record<QuestionType, QState>;
  for (const t of QUESTION_TYPES) {
    const kept = sessionAnswer(symbol, t);
    out[t] = {
      status: kept ? "answered" : "idle",
      text: kept ?? "",
      open: false,
      error: null,
      notice: null,
      cached: false,
      answeredAt: null,
    };
  }
  return out;
}

/** Ask Coinsight, in the coin page's side column (assistant-plans-admin.md §2, §4, §8). */
export function AskCard({ coin }: { coin: AskCoin }) {
  const { user, isAdmin, isLoading: authLoading } = useAuth();
  const signedIn = user !== null;
  const plan = useQuery(subscriptionQuery(signedIn && !isAdmin));
  const client = useQueryClient();
  const navigate = useNavigate();
  const baseId = useId();
  const [questions, setQuestions] = useState(() => initial(coin.symbol));
  const [limitReached, setLimitReached] = useState<string | null>(null);
  // A question clicked before we know who is asking: asked (or sent to the plans) once we do, so an early click is not lost.
  const [waiting, setWaiting] = useState<QuestionType | null>(null);
  const sub = plan.data;
  const kept = useQuery(storedAnswersQuery(coin.symbol, signedIn));
  // A member whose trials or month are spent has reached the limit without needing a refused question;
  // the banner is the one place a limit is said (once per state).
  const spent =
    signedIn && sub?.tier === "free" && sub.trialQueriesRemaining <= 0 ? BANNERS.free : atMonthlyLimit(sub) ? BANNERS.paid : null;
  const banner = limitReached ?? spent;
  const offerCredits = signedIn && !isAdmin && atMonthlyLimit(sub);
  // Until we know who is asking, nothing is locked and nothing is asked.
  const deciding = authLoading || (signedIn && !isAdmin && plan.isLoading);

  // Answers the member got in the last 24 hours come back closed, to be read again for free.
  useEffect(() => {
    if (!kept.data) return;
    setQuestions((all) => {
      const next = { ...all };
      for (const a of kept.data) {
        if (next[a.questionType].status !== "idle") continue;
        keepAnswer(coin.symbol, a.questionType, a.response);
        next[a.questionType] = { ...next[a.questionType], status: "answered", text: a.response, open: false, answeredAt: a.answeredAt };
      }
      return next;
    });
  }, [kept.data, coin.symbol]);

  const update = (t: QuestionType, change: Partial<QState> | ((q: QState) => Partial<QState>)) =>
    setQuestions((all) => ({ ...all, [t]: { ...all[t], ...(typeof change === "function" ? change(all[t]) : change) } }));

  const locked = (t: QuestionType): boolean => {
    if (t === FREE_QUESTION || isAdmin || deciding) return false;
    if (!signedIn || limitReached) return true;
    if (!sub) return false;
    return sub.status !== "active" || (sub.tier === "free" && sub.trialQueriesRemaining <= 0) || atMonthlyLimit(sub);
  };

  async function ask(t: QuestionType) {
    update(t, { status: "pending", text: "", error: null, notice: null, open: true });
    try {
      const res = await askCoinsight(
        { coinSymbol: coin.symbol, coinName: coin.name, questionType: t, priceChange24h: coin.price24h ?? null },
        { onText: (d) => update(t, (q) => ({ text: q.text + d })), onReset: () => update(t, { text: "" }) },
      );
      keepAnswer(coin.symbol, t, res.response);
      update(t, { status: "answered", text: res.response, open: true, cached: res.cached, answeredAt: new Date().toISOString() });
      if (res.subscription) client.setQueryData(SUBSCRIPTION_KEY, res.subscription);
    } catch (err) {
      const e = err instanceof AskError ? err : null;
      if (e?.subscription) client.setQueryData(SUBSCRIPTION_KEY, e.subscription);
      if (e?.status === 429) {
        // The banner says it; the question itself stays quiet so the limit is said once.
        setLimitReached(limitBanner({ signedIn, subscription: e.subscription ?? sub ?? null }, t));
        return update(t, { status: "idle", text: "", open: false });
      }
      // 404: too little data to answer, and nothing was counted; 402: the server's reason.
      if (e?.status === 404) return update(t, { status: "idle", text: "", open: false, notice: e.serverMessage ?? ANSWER_FAILED });
      update(t, { status: "idle", text: "", open: false, error: e?.status === 402 ? (e.serverMessage ?? ANSWER_FAILED) : ANSWER_FAILED });
    }
  }

  function onClick(t: QuestionType) {
    const q = questions[t];
    if (q.status === "pending") return;
    if (deciding) return setWaiting(t);
    if (q.status === "answered") return update(t, { open: !q.open });
    if (locked(t)) return void navigate("/subscribe");
    void ask(t);
  }

  useEffect(() => {
    if (deciding || waiting === null) return;
    setWaiting(null);
    onClick(waiting);
  });

  return (
    <Card title="Ask Coinsight" className={styles.card} aria-label="Ask Coinsight">
      <div className={styles.usage} data-testid="ask-usage">
        <UsageLine signedIn={signedIn} isAdmin={isAdmin} sub={sub} loading={deciding} coinName={coin.name} />
      </div>
      {banner ? (
        <div className={styles.banner} role="status" data-testid="ask-banner">
          <span>
            {banner} {signedIn && !offerCredits ? <Link to="/subscribe">See plans</Link> : null}
          </span>
          {offerCredits ? (
            <Link to="/subscribe?buy=credits" className={buttonClass("primary", "sm")}>
              {CREDITS_OFFER}
            </Link>
          ) : null}
        </div>
      ) : null}
      <ul className={styles.questions}>
        {QUESTION_TYPES.map((t) => {
          const q = questions[t];
          const isLocked = q.status !== "answered" && locked(t);
          const panelId = `${baseId}-${t}`;
          return (
            <li key={t} className={styles.question} data-state={q.status}>
              <button
                type="button"
                className={styles.ask}
                onClick={() => onClick(t)}
                // A question being answered shows its panel (the answer streams into it), so it reads as expanded.
                aria-expanded={q.status === "answered" ? q.open : q.status === "pending" ? true : undefined}
                aria-controls={q.open || q.status === "pending" ? panelId : undefined}
                aria-busy={q.status === "pending" || waiting === t}
                aria-label={isLocked ? `${label[t](coin)} (subscribers only)` : undefined}
                data-locked={isLocked || undefined}
              >
                <span>{label[t](coin)}</span>
                <span className={styles.mark} aria-hidden="true">
                  {isLocked ? <LockIcon /> : q.status === "pending" ? "…" : q.status === "answered" ? q.open ? "−" : "+" : "›"}
                </span>
              </button>
              {q.status === "pending" ? (
                <div id={panelId} className={styles.answer} aria-live="polite">
                  {q.text ? formatAnswer(q.text) : null}
                  <p className="muted" role="status">
                    Writing the answer...
                  </p>
                </div>
              ) : null}
              {q.status === "answered" && q.open ? (
                <div id={panelId} className={styles.answer}>
                  {formatAnswer(q.text)}
                  <p className={styles.cached}>
                    {q.answeredAt ? `Answered ${timeAgo(q.answeredAt)}` : "Answered earlier in this visit"}
                    {q.cached ? " from the answer cache" : ""}. Reading it again is free.
                  </p>
                </div>
              ) : null}
              {q.notice ? <p className={styles.notice}>{q.notice}</p> : null}
              {q.error ? <Notice tone="error">{q.error}</Notice> : null}
            </li>
          );
        })}
      </ul>
      <CardQuestionBox coin={coin} />
      <p className={styles.disclaimer}>
        Answers use only Coinsight's own figures, each checked before it is shown. Not financial advice.{" "}
        <Link to="/ask">Ask anything on the market</Link>
      </p>
    </Card>
  );
}

/** An outline padlock drawn inline: an emoji lock depends on the reader's fonts (a box without them). */
function LockIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
      <rect x="3" y="7" width="10" height="7" rx="1.5" />
      <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
    </svg>
  );
}
