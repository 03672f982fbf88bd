import { HttpError } from "./api.ts";

/** Messages by field path ("email", "mappings.0.symbol"), the first one per field. */
export type FieldErrors = Record<string, string>;

type Issue = { path?: unknown; message?: unknown };

/**
 * The field messages of a failed call: the one error body's `issues[]` (worker/lib/validate.ts),
 * keyed by their dotted path. Empty for any other failure, which the form shows as a whole.
 */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof HttpError)) return {};
  let issues: unknown;
  try {
    issues = (JSON.parse(error.body) as { error?: { issues?: unknown } }).error?.issues;
  } catch {
    return {};
  }
  if (!Array.isArray(issues)) return {};
  const out: FieldErrors = {};
  for (const issue of issues as Issue[]) {
    if (typeof issue?.path !== "string" || typeof issue.message !== "string") continue;
    out[issue.path] ??= issue.message;
  }
  return out;
}

/** Whatever field messages the form does not show next to a field, for its summary. */
export function unplacedErrors(errors: FieldErrors, shown: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([path]) => !shown.includes(path))
    .map(([path, message]) => `${path}: ${message}`);
}

/** The input's half of an inline error: invalid, and described by the message's element. */
export function invalidProps(message: string | undefined, messageId: string, describedBy?: string) {
  const ids = [describedBy, message ? messageId : undefined].filter(Boolean).join(" ");
  return { "aria-invalid": message ? true : undefined, "aria-describedby": ids || undefined } as const;
}
