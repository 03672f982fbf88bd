import { and, desc, eq, lt, or } from "drizzle-orm";
import type { AnswerTable, AskHistory, AskHistoryEntry, AskPlan } from "#schema/contracts/ask-free-types.ts";
import { askQuestions } from "#schema/db/ask.ts";
import type { Db } from "#worker/lib/db.ts";

/**
 * The member's free-text questions and answers (GET/DELETE /api/ask-coinsight/history). Every query
 * is scoped by the member's id: nobody reads or deletes another member's questions.
 */

export type KeptQuestion = { userId: string; question: string; plan: AskPlan; response: string; tables: AnswerTable[]; asOf: string };

/** Keeps an answered question; its id is the reply's `id`. */
export async function keepQuestion(db: Db, q: KeptQuestion, now: number): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(askQuestions).values({
    id,
    userId: q.userId,
    question: q.question,
    planJson: JSON.stringify(q.plan),
    response: q.response,
    tablesJson: JSON.stringify(q.tables),
    asOf: q.asOf,
    createdAt: new Date(now).toISOString(),
  });
  return id;
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
  const gone = await db
    .delete(askQuestions)
    .where(and(eq(askQuestions.userId, userId), eq(askQuestions.id, id)))
    .returning({ id: askQuestions.id });
  return gone.length > 0;
}
