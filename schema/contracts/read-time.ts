import { replaceTags } from "./html-text.ts";

/**
 * The site's one reading-time rule: guides and articles store it, and the desk's editor shows it under
 * the text as it is written.
 */

/** A comfortable reading pace for explanatory prose. */
export const WORDS_PER_MINUTE = 200;

/** Words a reader reads: markup, entities, link targets and image addresses are not words. */
export function countWords(text: string): number {
  const prose = replaceTags(text, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\]\([^)]*\)/g, "]");
  return prose.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,%$-]*/gu)?.length ?? 0;
}

/** Read time in whole minutes, at least one. */
export function readTimeMinutes(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / WORDS_PER_MINUTE));
}
