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
