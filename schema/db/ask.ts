import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";

/**
 * The last answer each member got per coin and question type, kept 24 hours so a paid answer stays
 * readable after a reload (re-reading it is free). One row per (member, coin, type): a new answer
 * replaces the old one; rows older than a day are never served and are deleted on the member's
 * next answer.
 */
export const askAnswers = sqliteTable(
  "ask_answers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Upper case. */
    symbol: text("symbol").notNull(),
    questionType: text("question_type").notNull(),
    response: text("response").notNull(),
    /** When the figures behind the answer were taken (ISO UTC). */
    asOf: text("as_of").notNull(),
    answeredAt: text("answered_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol, t.questionType] })],
);

/**
 * A member's free-text questions and their answers (issue 43): every answered question is kept,
 * listed newest first, until the member deletes it. The plan and tables are JSON as the API returns
 * them (schema/contracts/ask-free.ts).
 */
export const askQuestions = sqliteTable(
  "ask_questions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    planJson: text("plan_json").notNull(),
    response: text("response").notNull(),
    tablesJson: text("tables_json").notNull(),
    /** When the figures behind the answer were taken (ISO UTC). */
    asOf: text("as_of").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("ask_questions_user_created_idx").on(t.userId, t.createdAt, t.id)],
);
