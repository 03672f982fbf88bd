import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tags } from "#schema/db/content.ts";
import { constraintFailure, failedUnique, getDb } from "./db.ts";

/** What D1 itself throws, read from a real refusal, not a hand-written message. */
async function refusal(sql: string[]): Promise<unknown> {
  try {
    await env.DB.batch(sql.map((s) => env.DB.prepare(s)));
  } catch (error) {
    return error;
  }
  throw new Error("the batch was not refused");
}

describe("constraintFailure", () => {
  it("reads a unique index's columns and a foreign key from D1's own errors", async () => {
    const unique = await refusal([
      "CREATE TABLE IF NOT EXISTS cf_u (id INTEGER PRIMARY KEY, slug TEXT UNIQUE)",
      "INSERT INTO cf_u (slug) VALUES ('a')",
      "INSERT INTO cf_u (slug) VALUES ('a')",
    ]);
    expect(constraintFailure(unique)).toEqual({ kind: "unique", on: "cf_u.slug" });
    expect(failedUnique(unique, "cf_u.slug")).toBe(true);
    expect(failedUnique(unique, "cf_u.id")).toBe(false);
    const foreign = await refusal([
      "CREATE TABLE IF NOT EXISTS cf_p (id INTEGER PRIMARY KEY)",
      "CREATE TABLE IF NOT EXISTS cf_c (id INTEGER PRIMARY KEY, p INTEGER NOT NULL REFERENCES cf_p(id))",
      "INSERT INTO cf_c (p) VALUES (12345)",
    ]);
    expect(constraintFailure(foreign)).toEqual({ kind: "foreignKey" });
  });

  it("finds the failure under drizzle's own error (a single statement's is wrapped, D1's as its cause), and nothing in other errors", async () => {
    const db = getDb(env.DB);
    await db.insert(tags).values({ slug: "constraint-wrap", name: "Constraint wrap" });
    const wrapped = await db
      .insert(tags)
      .values({ slug: "constraint-wrap", name: "Constraint wrap again" })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect((wrapped as Error).message).toMatch(/^Failed query/);
    expect(constraintFailure(wrapped)).toEqual({ kind: "unique", on: "tags.slug" });
    const pair = await refusal([
      "CREATE TABLE IF NOT EXISTS cf_w (a TEXT, b TEXT, UNIQUE (a, b))",
      "INSERT INTO cf_w VALUES ('x', 'y')",
      "INSERT INTO cf_w VALUES ('x', 'y')",
    ]);
    expect(constraintFailure(pair)).toEqual({ kind: "unique", on: "cf_w.a, cf_w.b" });
    expect(constraintFailure(new Error("D1_ERROR: no such table: nowhere"))).toBeNull();
    expect(constraintFailure("UNIQUE")).toBeNull();
    expect(constraintFailure(undefined)).toBeNull();
  });
});
