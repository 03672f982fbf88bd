import { replaceTags } from "#worker/lib/html.ts";

/** A comfortable reading pace for explanatory prose. */
export const WORDS_PER_MINUTE = 200;

/** Words a reader reads: markup, link targets and image addresses are not words. */
export function countWords(text: string): number {
  const prose = replaceTags(text, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\]\([^)]*\)/g, "]");
  return prose.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,%$-]*/gu)?.length ?? 0;
}

/** Read time in whole minutes, at least one. */
export function readTimeMinutes(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / WORDS_PER_MINUTE));
}
