import { and, desc, eq, lt, or } from "drizzle-orm";
import type { AnswerTable, AskHistory, AskHistoryEntry, AskPlan } from "#schema/contracts/ask-free-types.ts";
import { askQuestions } from "#schema/db/ask.ts";
import type { Db } from "#worker/lib/db.ts";
import { forgetKept, keptValue, markKept } from "./kept-once.ts";

/**
 * The member's free-text questions and answers (GET/DELETE /api/ask-coinsight/history). Every query
 * is scoped by the member's id: nobody reads or deletes another member's questions.
 */

export type KeptQuestion = {
  userId: string;
  question: string;
  plan: AskPlan;
  response: string;
  tables: AnswerTable[];
  asOf: string;
  /** The cached answer's key: the plan's coins, period and metric, the data time and the answerer. */
  answerKey: string;
};

/**
 * Keeps an answered question; its id is the reply's `id`. The id is derived from the member, the
 * answer's key and the question's words, so the same question asked again while the same answer
 * stands is the same entry, wherever it is answered (docs/decisions/ask/repeats-write-nothing.md).
 */
export async function keepQuestion(db: Db, q: KeptQuestion, now: number): Promise<string> {
  const memo = `${q.userId}|free|${q.answerKey}|${q.question}`;
  const known = keptValue(memo);
  if (known) return known;
  const id = await entryId(memo);
  await db
    .insert(askQuestions)
    .values({
      id,
      userId: q.userId,
      question: q.question,
      planJson: JSON.stringify(q.plan),
      response: q.response,
      tablesJson: JSON.stringify(q.tables),
      asOf: q.asOf,
      createdAt: new Date(now).toISOString(),
    })
    .onConflictDoNothing({ target: askQuestions.id });
  markKept(memo, id);
  return id;
}

/**
 * 128 bits of SHA-256, written as a UUID like the ids it replaced; the member's id is in what it
 * hashes, so two members' entries never share an id.
 */
async function entryId(memo: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(memo)));
  const hex = Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Newest first; `before` is the id of the last entry of the page read before (null when it is not the member's). */
export async function listQuestions(db: Db, userId: string, limit: number, before?: string): Promise<AskHistory> {
  let after = undefined as ReturnType<typeof and>;
  if (before) {
    const [cursor] = await db
      .select({ createdAt: askQuestions.createdAt, id: askQuestions.id })
      .from(askQuestions)
      .where(and(eq(askQuestions.userId, userId), eq(askQuestions.id, before)))
      .limit(1);
    if (!cursor) return { entries: [], nextBefore: null };
    after = or(
      lt(askQuestions.createdAt, cursor.createdAt),
      and(eq(askQuestions.createdAt, cursor.createdAt), lt(askQuestions.id, cursor.id)),
    );
  }
  const rows = await db
    .select()
    .from(askQuestions)
    .where(and(eq(askQuestions.userId, userId), after))
    .orderBy(desc(askQuestions.createdAt), desc(askQuestions.id))
    .limit(limit + 1);
  const entries: AskHistoryEntry[] = rows.slice(0, limit).map((r) => ({
    id: r.id,
    question: r.question,
    plan: JSON.parse(r.planJson) as AskPlan,
    response: r.response,
    tables: JSON.parse(r.tablesJson) as AnswerTable[],
    asOf: r.asOf,
    createdAt: r.createdAt,
  }));
  return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

/** Deletes one of the member's questions; false when there is none of theirs with that id. */
export async function deleteQuestion(db: Db, userId: string, id: string): Promise<boolean> {
  forgetKept(userId);
  const gone = await db
    .delete(askQuestions)
    .where(and(eq(askQuestions.userId, userId), eq(askQuestions.id, id)))
    .returning({ id: askQuestions.id });
  return gone.length > 0;
}
