import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { ApiError } from "./errors.ts";

/** Zod validation for any request part; failures become the one 400 error body with issues. */
export function validate<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  return validator(target, async (value) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({
        path: i.path.map(String).join(".") || target,
        message: i.message,
      }));
      const first = issues[0];
      throw new ApiError("BAD_REQUEST", first ? `Invalid ${target}: ${first.path}: ${first.message}` : `Invalid ${target}`, {
        issues,
      });
    }
    return result.data as z.output<S>;
  });
}
