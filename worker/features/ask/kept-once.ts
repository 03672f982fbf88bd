/**
 * What this isolate has already written of a member's Ask records (the card's kept answers, the
 * free-text history), so that asking the same question again within the same data time, which
 * serves the same cached answer, writes nothing (docs/decisions/ask/repeats-write-nothing.md). The
 * database says what a record is; this only skips a statement that would change nothing. Bounded:
 * the oldest entries go first, and entries name their data time, so they stop matching at the
 * next tick.
 */
const MAX_ENTRIES = 2_000;
const written = new Map<string, string>();

/** What this isolate last wrote under `key` (keys start with the member's id and a `|`). */
export function keptValue(key: string): string | undefined {
  return written.get(key);
}

export function markKept(key: string, value: string): void {
  written.delete(key);
  written.set(key, value);
  if (written.size > MAX_ENTRIES) written.delete(written.keys().next().value as string);
}

/** After a member deletes a record the next identical ask must write it again. */
export function forgetKept(userId: string): void {
  for (const key of written.keys()) if (key.startsWith(`${userId}|`)) written.delete(key);
}

/** A new isolate has written nothing (tests: worker/test/fresh-runtime.ts). */
export function forgetAllKept(): void {
  written.clear();
}
