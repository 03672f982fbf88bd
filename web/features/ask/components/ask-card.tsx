import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { FREE_QUESTION, QUESTION_TYPES, type QuestionType } from "#schema/contracts/ask-types.ts";
import type { Subscription } from "#schema/contracts/auth.ts";
import { FREE_TRIAL_QUERIES } from "#schema/contracts/plans.ts";
import { Card } from "#web/components/ui/card.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { request } from "#web/lib/api-client.ts";
import { useAuth, useLoginHref } from "#web/lib/auth.ts";
import { SUBSCRIPTION_KEY } from "#web/lib/subscription-key.ts";
import { AskError, askCoinsight } from "../api/ask.ts";
import { ANSWER_FAILED, BANNERS, limitBanner, USAGE_LIMIT } from "../lib/banners.ts";
import { formatAnswer } from "../lib/format-answer.tsx";
import { keepAnswer, sessionAnswer } from "../lib/session-answers.ts";
import styles from "./ask.module.css";

export type AskCoin = { symbol: string; name: string; price24h?: string };

type QState = { status: "idle" | "pending" | "answered"; text: string; open: boolean; error: string | null; cached: boolean };

const label: Record<QuestionType, (c: AskCoin) => string> = {
  about: (c) => `What is ${c.name}?`,
  price_movement: (c) => `How has ${c.symbol}'s price moved?`,
  future_price: (c) => `What range could ${c.symbol} trade in?`,
  social_sentiment: (c) => `What's the social mood on ${c.symbol}?`,
  latest_news: (c) => `Latest ${c.name} news`,
};

/** The plan, as the header reads it (same key, fresh for 30 s, one retry). */
function planQuery(enabled: boolean) {
  return queryOptions({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: async () => (await request("getSubscription")).subscription,
    enabled,
    staleTime: 30_000,
    retry: 1,
  });
}

function initial(symbol: string): Record<QuestionType, QState> {
  const out = {} as Record<QuestionType, QState>;
  for (const t of QUESTION_TYPES) {
    const kept = sessionAnswer(symbol, t);
    out[t] = { status: kept ? "answered" : "idle", text: kept ?? "", open: false, error: null, cached: false };
  }
  return out;
}

function UsageLine({
  signedIn,
  isAdmin,
  sub,
  loading,
}: {
  signedIn: boolean;
  isAdmin: boolean;
  sub: Subscription | undefined;
  loading: boolean;
}) {
  const signIn = useLoginHref();
  if (loading) return <Skeleton width={160} height={20} />;
  if (isAdmin) return <span className="badge badge-brand">Admin Pro Access</span>;
  if (!signedIn) {
    return (
      <span className="muted">
        Guests can ask the free question. <a href={signIn}>Sign in</a> for {FREE_TRIAL_QUERIES} free trial queries.
      </span>
    );
  }
  if (!sub) return null;
  if (sub.status !== "active") return <span className={styles.inactive}>Subscription inactive</span>;
  if (sub.tier === "free") {
    return (
      <span className="muted">
        Trial queries: {sub.trialQueriesRemaining}/{FREE_TRIAL_QUERIES} left
      </span>
    );
  }
  return (
    <span className="muted">
      Queries this month: {sub.queryCount}/{sub.queryLimit}
    </span>
  );
}

/** Ask Coinsight, in the coin page's side column (assistant-plans-admin.md §2, §4, §8). */
export function AskCard({ coin }: { coin: AskCoin }) {
  const { user, isAdmin, isLoading: authLoading } = useAuth();
  const signedIn = user !== null;
  const plan = useQuery(planQuery(signedIn && !isAdmin));
  const client = useQueryClient();
  const navigate = useNavigate();
  const baseId = useId();
  const [questions, setQuestions] = useState(() => initial(coin.symbol));
  const [limitReached, setLimitReached] = useState<string | null>(null);
  const sub = plan.data;
  // A free member whose trials are spent has reached the limit without needing a refused question.
  const banner = limitReached ?? (signedIn && sub?.tier === "free" && sub.trialQueriesRemaining <= 0 ? BANNERS.free : null);
  // Until we know who is asking, nothing is locked and nothing is asked.
  const deciding = authLoading || (signedIn && !isAdmin && plan.isLoading);

  const update = (t: QuestionType, change: Partial<QState> | ((q: QState) => Partial<QState>)) =>
    setQuestions((all) => ({ ...all, [t]: { ...all[t], ...(typeof change === "function" ? change(all[t]) : change) } }));

  const locked = (t: QuestionType): boolean => {
    if (t === FREE_QUESTION || isAdmin || deciding) return false;
    if (!signedIn || limitReached) return true;
    if (!sub) return false;
    return sub.status !== "active" || (sub.tier === "free" && sub.trialQueriesRemaining <= 0);
  };

  async function ask(t: QuestionType) {
    update(t, { status: "pending", text: "", error: null, open: true });
    try {
      const res = await askCoinsight(
        { coinSymbol: coin.symbol, coinName: coin.name, questionType: t, priceChange24h: coin.price24h ?? null },
        { onText: (d) => update(t, (q) => ({ text: q.text + d })), onReset: () => update(t, { text: "" }) },
      );
      keepAnswer(coin.symbol, t, res.response);
      update(t, { status: "answered", text: res.response, open: true, cached: res.cached });
      if (res.subscription) client.setQueryData(SUBSCRIPTION_KEY, res.subscription);
    } catch (err) {
      const e = err instanceof AskError ? err : null;
      if (e?.subscription) client.setQueryData(SUBSCRIPTION_KEY, e.subscription);
      const refused = e?.status === 429 || e?.status === 402;
      if (e?.status === 429) setLimitReached(limitBanner({ signedIn, subscription: e.subscription ?? sub ?? null }, t));
      update(t, { status: "idle", text: "", open: false, error: refused ? (e?.serverMessage ?? USAGE_LIMIT) : ANSWER_FAILED });
    }
  }

  function onClick(t: QuestionType) {
    const q = questions[t];
    if (q.status === "pending" || deciding) return;
    if (q.status === "answered") return update(t, { open: !q.open });
    if (locked(t)) return void navigate("/subscribe");
    void ask(t);
  }

  return (
    <Card title="Ask Coinsight" className={styles.card} aria-label="Ask Coinsight">
      <div className={styles.usage} data-testid="ask-usage">
        <UsageLine signedIn={signedIn} isAdmin={isAdmin} sub={sub} loading={deciding} />
      </div>
      {banner ? (
        <div className={styles.banner} role="status" data-testid="ask-banner">
          {banner} {signedIn ? <Link to="/subscribe">See plans</Link> : null}
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
                aria-expanded={q.status === "answered" ? q.open : undefined}
                aria-controls={q.open ? panelId : undefined}
                aria-busy={q.status === "pending"}
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
                  {q.cached ? <p className={styles.cached}>Served from the answer cache.</p> : null}
                </div>
              ) : null}
              {q.error ? <Notice tone="error">{q.error}</Notice> : null}
            </li>
          );
        })}
      </ul>
      <p className={styles.disclaimer}>Answers use only Coinsight's own figures, each checked before it is shown. Not financial advice.</p>
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
