/** localStorage key of the best score (public-site.md §3: kept in local browser storage). */
export const HIGH_SCORE_KEY = "bearInvadersHighScore";

export function loadHighScore(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): number {
  try {
    const value = Number(storage?.getItem(HIGH_SCORE_KEY));
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch {
    // Storage can be blocked (privacy settings): play on without a remembered best.
    return 0;
  }
}

export function saveHighScore(score: number, storage: Pick<Storage, "setItem"> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(HIGH_SCORE_KEY, String(score));
  } catch {
    // A full or blocked storage only loses the record, never the game.
  }
}
