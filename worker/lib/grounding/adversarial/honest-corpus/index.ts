import { ANSWER_SENTENCES } from "./answers.ts";
import { ARTICLE_EXCERPTS, ARTICLE_SENTENCES, ARTICLE_TITLES } from "./articles.ts";
import { FREE_DRAFTS, type HonestDraft } from "./free-drafts.ts";

export type { HonestDraft };

/** n sentences of a pool from a starting point, stepping through it so each draft mixes different ones. */
function pick(pool: readonly string[], start: number, step: number, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n && i < pool.length * 2; i++) {
    const s = pool[(start + i * step) % pool.length] as string;
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/**
 * The honest corpus: 70 article drafts (headline, excerpt, two paragraphs) and 40 Ask answers, each
 * a different selection and order of the hand-written sentences, so every sentence is met in many
 * neighbourhoods ("it" after different coins, first and last in a paragraph); then drafts written
 * whole, in their own words (free-drafts.ts), which no rotation made.
 */
export const HONEST_CORPUS: readonly HonestDraft[] = [
  ...Array.from({ length: 70 }, (_, i): HonestDraft => {
    const body = pick(ARTICLE_SENTENCES, i * 3, 1 + (i % 5), 8);
    const title = ARTICLE_TITLES[i % ARTICLE_TITLES.length] as string;
    const excerpt = ARTICLE_EXCERPTS[i % ARTICLE_EXCERPTS.length] as string;
    return {
      id: `article-${i + 1}`,
      target: "article",
      text: `${title}\n\n${excerpt}\n\n${body.slice(0, 4).join(" ")}\n\n${body.slice(4).join(" ")}`,
    };
  }),
  ...Array.from({ length: 40 }, (_, i): HonestDraft => {
    const lines = pick(ANSWER_SENTENCES, i * 2, 1 + (i % 4), 5);
    return { id: `answer-${i + 1}`, target: "answer", text: `${lines.slice(0, 3).join(" ")}\n\n${lines.slice(3).join(" ")}` };
  }),
  ...FREE_DRAFTS,
];
