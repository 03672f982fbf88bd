import {
  type ClaimCheck,
  claimCheckSchema,
  HELD_ISSUE_PATH,
  HELD_PUBLISH_REFUSED,
  type HeldOverride,
  heldOverrideSchema,
  type OverrideRequest,
} from "#schema/contracts/editorial.ts";
import type { articles } from "#schema/db/content.ts";
import { ApiError } from "#worker/lib/errors.ts";

type ArticleRow = typeof articles.$inferSelect;

/** The prefix of a held article's review reason; its lines after it are the reasons. */
export const HELD_PREFIX = "Claim check failed:";
const NO_REASON = "Held for review (no reason was recorded)";

function parsed<T>(json: string | null, schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }): T | null {
  if (!json) return null;
  try {
    const out = schema.safeParse(JSON.parse(json));
    return out.success ? (out.data ?? null) : null;
  } catch {
    return null;
  }
}

export const checkOf = (row: Pick<ArticleRow, "checkJson">): ClaimCheck | null => parsed(row.checkJson, claimCheckSchema);
export const overrideOf = (row: Pick<ArticleRow, "overrideJson">): HeldOverride | null => parsed(row.overrideJson, heldOverrideSchema);

/** A review reason's lines (older reasons joined by "; "), without the heading. */
export function reasonLines(reason: string | null): string[] {
  if (!reason) return [];
  const lines = reason.split("\n").map((l) => l.trim());
  const list = lines.length > 1 ? lines : reason.split("; ").map((l) => l.trim());
  return list.filter((l) => l && l !== HELD_PREFIX);
}

export const reviewReasonOf = (reasons: readonly string[]) => `${HELD_PREFIX}\n${reasons.join("\n")}`.slice(0, 4000);

/**
 * What holds an article as it is stored: the last check's reasons when it failed, else the review
 * reason of an article held before checks were stored. Nothing holds a published or hand-written one.
 */
export function storedHeldReasons(row: ArticleRow): string[] {
  if (row.status !== "review") return [];
  const check = checkOf(row);
  if (check && !check.ok && check.reasons.length) return check.reasons;
  const lines = reasonLines(row.reviewReason);
  return lines.length ? lines : [NO_REASON];
}

/**
 * Publishing over held sentences: allowed only when the editor confirmed every reason that holds it
 * now (the reasons it sends are the ones it was shown), or when an earlier override already covered
 * each of them (a typo fixed in an article published over the same reasons). Otherwise 409 with the
 * current reasons, one issue each, and nothing is written.
 * Returns the override to record (null: nothing new to record).
 */
export function overrideFor(
  reasons: readonly string[],
  request: OverrideRequest | undefined,
  previous: HeldOverride | null,
  who: { id: string; email: string | null },
  now: string,
): HeldOverride | null {
  const covers = (list: readonly string[] | undefined) => list !== undefined && reasons.every((r) => list.includes(r));
  if (covers(request?.reasons)) return { userId: who.id, email: who.email, at: now, reasons: [...reasons] };
  if (!request && covers(previous?.reasons)) return null;
  throw new ApiError("CONFLICT", HELD_PUBLISH_REFUSED, { issues: reasons.map((message) => ({ path: HELD_ISSUE_PATH, message })) });
}
