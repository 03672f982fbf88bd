import { drizzle } from "drizzle-orm/d1";

export type Db = ReturnType<typeof getDb>;

/** Drizzle over the request's D1 binding; cheap enough to create per use. */
export function getDb(d1: D1Database) {
  return drizzle(d1);
}
