import { z } from "zod";
import { errors, json, type RouteContract } from "./route-contract.ts";

/** A value SQLite takes as a bound parameter. */
const sqlValue = z.union([z.string(), z.number(), z.null()]);

export const testStateBody = z
  .object({
    statements: z
      .array(
        z
          .object({
            sql: z.string().trim().min(1, "Write a statement").max(200_000, "A statement is at most 200,000 characters"),
            params: z.array(sqlValue).max(100, "At most 100 parameters a statement (D1's bound-parameter limit)").default([]),
          })
          .strict(),
      )
      .min(1, "Send at least one statement")
      .max(100, "At most 100 statements a call"),
    /** After writing articles: start a new content version, as the editor's saves do, so every cache reads them at once. */
    invalidateContent: z.boolean().default(false),
  })
  .strict();
export type TestStateBody = z.input<typeof testStateBody>;

export const testStateResultSchema = z.object({
  /** Each statement's rows, in order (empty for a write). */
  results: z.array(z.array(z.record(z.string(), z.unknown()))),
});
export type TestStateResult = z.infer<typeof testStateResultSchema>;

/** The local test harness's one way into the site's database: through the running site, never beside it. */
export const testStateContract = {
  devTestState: {
    method: "POST",
    path: "/api/dev/d1",
    summary: "Local runs only: run SQL statements on the site's own D1, in one transaction",
    description:
      "404 unless APP_ENV is development or test, then an admin's call only. End-to-end journeys write and read the state they arrange through it, so no second process ever holds the database's lock while the site serves (docs/decisions/testing/e2e-state-through-the-site.md). A statement SQLite refuses answers 400 with its message.",
    tags: ["Local development"],
    access: "admin",
    request: { body: testStateBody },
    maxBodyBytes: 4 * 1024 * 1024,
    responses: { 200: json("Each statement's rows", testStateResultSchema), ...errors(400, 401, 403, 404, 413) },
  },
} as const satisfies Record<string, RouteContract>;
