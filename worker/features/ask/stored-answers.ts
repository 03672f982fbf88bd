import { and, eq, gt, lt } from "drizzle-orm";
import type { QuestionType, StoredAnswer } from "#schema/contracts/ask.ts";
import { askAnswers } from "#schema/db/ask.ts";
import type { Db } from "#worker/lib/db.ts";
import { keptValue, markKept } from "./kept-once.ts";

/** How long a member's last answer per coin and question stays readable after a reload. */
export const KEEP_ANSWER_MS = 24 * 3_600_000;

/**
 * Keeps the member's newest answer for this coin and question (replacing the previous one) and
 * deletes their answers older than a day, so the table holds at most a day of each member's asking.
 */
export async function keepAnswer(
  db: Db,
  a: { userId: string; symbol: string; questionType: QuestionType; response: string; asOf: string },
  now: number,
): Promise<void> {
  const answeredAt = new Date(now).toISOString();
  const row = { ...a, symbol: a.symbol.toUpperCase(), answeredAt };
  // The same cached answer asked again keeps the first ask's time rather than rewriting the row.
  const memo = `${a.userId}|card|${row.symbol}|${a.questionType}`;
  const kept = `${a.asOf}\n${a.response}`;
  if (keptValue(memo) === kept) return;
  await db.batch([
    db
      .insert(askAnswers)
      .values(row)
      .onConflictDoUpdate({
        target: [askAnswers.userId, askAnswers.symbol, askAnswers.questionType],
        set: { response: row.response, asOf: row.asOf, answeredAt },
      }),
    db
      .delete(askAnswers)
      .where(and(eq(askAnswers.userId, a.userId), lt(askAnswers.answeredAt, new Date(now - KEEP_ANSWER_MS).toISOString()))),
  ]);
  markKept(memo, kept);
}

/** GET /api/ask-coinsight/answers: the member's answers about one coin from the last 24 hours (reading them costs nothing). */
export async function storedAnswers(db: Db, userId: string, symbol: string, now: number): Promise<StoredAnswer[]> {
  const rows = await db
    .select({
      questionType: askAnswers.questionType,
      response: askAnswers.response,
      asOf: askAnswers.asOf,
      answeredAt: askAnswers.answeredAt,
    })
    .from(askAnswers)
    .where(
      and(
        eq(askAnswers.userId, userId),
        eq(askAnswers.symbol, symbol.toUpperCase()),
        gt(askAnswers.answeredAt, new Date(now - KEEP_ANSWER_MS).toISOString()),
      ),
    );
  return rows.map((r) => ({ ...r, questionType: r.questionType as QuestionType }));
}
