import { HELD_ISSUE_PATH } from "#schema/contracts/editorial.ts";
import { HttpError } from "#web/lib/api.ts";

/**
 * The held reasons of a refused publication (409, one issue per reason under `check`), or null for any
 * other error: the editor and the desk then ask before publishing over exactly these reasons.
 */
export function heldReasonsOf(error: unknown): string[] | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  try {
    const issues = (JSON.parse(error.body) as { error?: { issues?: { path?: unknown; message?: unknown }[] } }).error?.issues;
    const reasons = (issues ?? []).filter((i) => i.path === HELD_ISSUE_PATH && typeof i.message === "string").map((i) => String(i.message));
    return reasons.length ? reasons : null;
  } catch {
    return null;
  }
}

/** The heading the newsroom and the editor's re-check put before a held article's reasons. */
const HELD_HEADING = "Claim check failed:";

/** A review reason as a list: one reason per line (older reasons use "; "), without the heading. */
export function reasonLines(reason: string | null): string[] {
  if (!reason) return [];
  const lines = reason.split("\n").map((l) => l.trim());
  return (lines.length > 1 ? lines : reason.split("; ").map((l) => l.trim())).filter((l) => l && l !== HELD_HEADING);
}
