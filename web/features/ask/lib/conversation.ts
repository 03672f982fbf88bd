import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { AnswerTable, AskFreeResponse, AskPlan } from "#schema/contracts/ask-free-types.ts";
import type { Subscription } from "#schema/contracts/auth.ts";
import { SUBSCRIPTION_KEY } from "#web/lib/subscription-key.ts";
import { AskError } from "../api/ask.ts";
import { answerPlan, askHistoryKey, planQuestion } from "../api/ask-free.ts";
import { ANSWER_FAILED, limitBanner } from "./banners.ts";

/**
 * One question of a conversation. `refusal` is a kind "cannot answer" (the planner's, or too little
 * data): nothing was counted. `error` is a failure or a limit, with the status that set it.
 */
export type Turn = {
  key: number;
  question: string;
  status: "planning" | "answering" | "answered" | "refused" | "failed";
  plan: AskPlan | null;
  text: string;
  tables: AnswerTable[];
  answer: AskFreeResponse | null;
  refusal: string | null;
  error: { status: number; message: string } | null;
};

type Who = { signedIn: boolean; subscription: Subscription | null };

/** What a refused or failed answer says: a limit in the card's words, a refusal not counted, else the server's reason. */
function failure(e: AskError | null, who: Who, plan: AskPlan): Pick<Turn, "status" | "refusal" | "error"> {
  const status = e?.status ?? 0;
  if (status === 404) return { status: "refused", refusal: e?.serverMessage ?? ANSWER_FAILED, error: null };
  if (status === 429) {
    const message = limitBanner(
      { signedIn: who.signedIn, subscription: e?.subscription ?? who.subscription },
      plan.intent === "about" ? "about" : "price_movement",
    );
    return { status: "failed", refusal: null, error: { status, message } };
  }
  if (status === 401 || status === 402 || status === 400)
    return { status: "failed", refusal: null, error: { status, message: e?.serverMessage ?? ANSWER_FAILED } };
  return { status: "failed", refusal: null, error: { status, message: ANSWER_FAILED } };
}

/**
 * The /ask conversation: each question is planned (free), its plan shown, then answered from that
 * plan; a follow-up is planned with the last answered plan, so "and over a month?" keeps its coins.
 * A corrected plan is answered again in place. docs/decisions/ask/free-text-page.md.
 */
export function useConversation(who: Who) {
  const client = useQueryClient();
  const [turns, setTurns] = useState<Turn[]>([]);
  const next = useRef(0);
  // The plan a follow-up reads: the last one answered (not one refused, nor one still being written).
  const lastPlan = useRef<AskPlan | null>(null);

  const update = useCallback((key: number, change: Partial<Turn> | ((t: Turn) => Partial<Turn>)) => {
    setTurns((all) => all.map((t) => (t.key === key ? { ...t, ...(typeof change === "function" ? change(t) : change) } : t)));
  }, []);

  const answer = useCallback(
    async (key: number, question: string, plan: AskPlan) => {
      update(key, { status: "answering", plan, text: "", tables: [], answer: null, refusal: null, error: null });
      try {
        const res = await answerPlan(
          { question, plan },
          {
            onTable: (table) => update(key, (t) => ({ tables: [...t.tables, table] })),
            onText: (delta) => update(key, (t) => ({ text: t.text + delta })),
            onReset: () => update(key, { text: "" }),
          },
        );
        lastPlan.current = res.plan;
        update(key, { status: "answered", plan: res.plan, text: res.response, tables: res.tables, answer: res });
        if (res.subscription) client.setQueryData(SUBSCRIPTION_KEY, res.subscription);
        if (res.id) void client.invalidateQueries({ queryKey: askHistoryKey });
      } catch (err) {
        const e = err instanceof AskError ? err : null;
        if (e?.subscription) client.setQueryData(SUBSCRIPTION_KEY, e.subscription);
        update(key, { text: "", tables: [], ...failure(e, who, plan) });
      }
    },
    [client, update, who],
  );

  /** Plans and answers a question; `previous` (a follow-up's context) defaults to the last answered plan. */
  const ask = useCallback(
    async (question: string, previous: AskPlan | null = lastPlan.current) => {
      const key = next.current++;
      setTurns((all) => [
        ...all,
        { key, question, status: "planning", plan: null, text: "", tables: [], answer: null, refusal: null, error: null },
      ]);
      let planned: Awaited<ReturnType<typeof planQuestion>>;
      try {
        planned = await planQuestion(question, previous);
      } catch {
        return update(key, { status: "failed", error: { status: 0, message: ANSWER_FAILED } });
      }
      if (planned.kind === "refusal") return update(key, { status: "refused", refusal: planned.message });
      await answer(key, question, planned);
    },
    [answer, update],
  );

  /** Answers a turn again with the plan the member corrected. */
  const correct = useCallback(
    (key: number, plan: AskPlan) => {
      const turn = turns.find((t) => t.key === key);
      if (turn && turn.status !== "planning" && turn.status !== "answering") void answer(key, turn.question, plan);
    },
    [answer, turns],
  );

  const busy = turns.some((t) => t.status === "planning" || t.status === "answering");
  const startOver = useCallback(() => {
    lastPlan.current = null;
    setTurns([]);
  }, []);
  return { turns, ask, correct, busy, startOver, followsUp: lastPlan.current !== null };
}
