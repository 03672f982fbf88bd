import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";

export type Db = ReturnType<typeof getDb>;

/** Drizzle over the request's D1 binding; cheap enough to create per use. */
export function getDb(d1: D1Database) {
  return drizzle(d1);
}

/**
 * `column IN (values)` with the list bound as one JSON value. D1 refuses a statement with more than
 * 100 bound parameters, and drizzle's inArray binds one per value: a list whose length the client or
 * the data decides would answer 500 once it and the statement's other values pass that.
 */
export function inList(column: AnyColumn, values: readonly (number | string)[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

/** Which constraint refused a write: a unique index (on the columns SQLite names) or a foreign key. */
export type ConstraintFailure = { kind: "unique"; on: string } | { kind: "foreignKey" };

/**
 * The constraint behind a failed write, or null for any other error. D1 reports SQLite's constraint
 * errors only in their message ("UNIQUE constraint failed: tags.slug"), and drizzle wraps an error
 * of a single statement in one of its own with D1's as the cause, so the causes are read too. The
 * one place that reads those texts: a race between a check and its write is answered from this.
 */
export function constraintFailure(error: unknown): ConstraintFailure | null {
  let current: unknown = error;
  for (let depth = 0; current != null && depth < 4; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    const unique = /UNIQUE constraint failed: ([\w.]+(?:, [\w.]+)*)/.exec(message);
    if (unique?.[1]) return { kind: "unique", on: unique[1] };
    if (message.includes("FOREIGN KEY constraint failed")) return { kind: "foreignKey" };
    current = current instanceof Error ? current.cause : undefined;
  }
  return null;
}

/** Whether a unique index on exactly `on` ("tags.slug") refused the write. */
export const failedUnique = (error: unknown, on: string): boolean => {
  const failure = constraintFailure(error);
  return failure?.kind === "unique" && failure.on === on;
};
