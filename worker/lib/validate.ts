import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { ApiError } from "./errors.ts";

/** What a validating middleware checks: read by the contract coverage test from the app's route table. */
export type Validation = { target: keyof ValidationTargets; schema: z.ZodType };
const validations = new WeakMap<object, Validation>();

/** Records that `middleware` validates `target` with `schema` (for validators not made by `validate`). */
export function describeValidation<M extends object>(middleware: M, target: keyof ValidationTargets, schema: z.ZodType): M {
  validations.set(middleware, { target, schema });
  return middleware;
}

/** The target and schema a middleware validates with, when it is a validator. */
export function validationOf(handler: unknown): Validation | undefined {
  return typeof handler === "function" ? validations.get(handler) : undefined;
}

/** The one 400 for a value zod refused: the first issue in the message, every issue listed. */
export function invalid(what: string, error: z.ZodError): ApiError {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join(".") || what, message: i.message }));
  const first = issues[0];
  return new ApiError("BAD_REQUEST", first ? `Invalid ${what}: ${first.path}: ${first.message}` : `Invalid ${what}`, { issues });
}

/** Zod validation for any request part; failures become the one 400 error body with issues. */
export function validate<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  const middleware = validator(target, async (value) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) throw invalid(target, result.error);
    return result.data as z.output<S>;
  });
  return describeValidation(middleware, target, schema);
}
