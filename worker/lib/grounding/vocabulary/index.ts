import type { GroupWord, Metric, Period, Stat } from "#worker/lib/grounding/types.ts";
import {
  COMPARISON,
  DIRECTION_VERBS,
  DIRECTION_WORDS,
  FLAT,
  GROUPS,
  HELD,
  IMPERATIVES,
  MAGNITUDE,
  MEMBERS,
  METRICS,
  PERIODS,
  POLARITY,
  STATS,
  SUPERLATIVE,
  USUAL,
} from "./claims.ts";
import { type Entry, listOf, nounForms, verbForms } from "./entry.ts";
import { FUNCTION_WORDS, MODIFIERS, NAMES, NOUNS, PHRASES, VERBS } from "./plain.ts";

export type { Entry, Strength } from "./entry.ts";

/** A metric word's reading: one of the metrics, or "supply" (any of the supply figures). */
export type MetricWord = Metric | "supply";

/** The longest phrase the vocabulary holds, in words. */
export const MAX_PHRASE = 6;

const normal = (w: string) => w.toLowerCase().replace(/’/g, "'");

/** Built once per isolate: every word and phrase the check recognises, and what it is. */
function build(): Map<string, Entry> {
  const map = new Map<string, Entry>();
  const put = (words: Iterable<string>, entry: Entry) => {
    for (const w of words) map.set(normal(w), entry);
  };
  const plain: Entry = { cls: "plain" };
  // Plain words first: every claim class below overrides a plain reading of the same word.
  put(listOf(FUNCTION_WORDS), plain);
  put(listOf(MODIFIERS), plain);
  put(listOf(NAMES), plain);
  put(listOf(PHRASES), plain);
  put(listOf(NOUNS).flatMap(nounForms), plain);
  put(listOf(VERBS).flatMap(verbForms), plain);
  for (const [spec, entry] of DIRECTION_VERBS) put(verbForms(spec), entry);
  for (const [word, entry] of DIRECTION_WORDS) put([word], entry);
  put(listOf(FLAT), { cls: "flat" });
  for (const [period, words] of Object.entries(PERIODS)) put(listOf(words), { cls: "period", period: period as Period | "other" });
  for (const [metric, words] of Object.entries(METRICS)) put(listOf(words), { cls: "metric", metric: metric as MetricWord });
  for (const [sign, words] of Object.entries(POLARITY)) put(listOf(words), { cls: "polarity", sign: Number(sign) as 1 | -1 | 0 });
  for (const [size, words] of Object.entries(MAGNITUDE))
    put(listOf(words), { cls: "magnitude", size: size as "small" | "large" | "extreme" });
  for (const [relation, words] of Object.entries(COMPARISON)) {
    const entry: Entry = { cls: "comparison", relation: relation as "more" | "less" | "same" | "opposite" | "marker" };
    put(
      listOf(words).flatMap((w) => (w.includes("/") || w.endsWith("+") || !/\s/.test(w) ? expandComparison(w) : [w])),
      entry,
    );
  }
  for (const [relation, words] of Object.entries(USUAL))
    put(listOf(words), { cls: "usual", relation: relation as "above" | "farAbove" | "below" | "marker" });
  for (const [end, words] of Object.entries(SUPERLATIVE))
    put(listOf(words), { cls: "superlative", end: end as "top" | "bottom", plural: false });
  for (const [word, entry] of MEMBERS) put([word], entry);
  for (const [stat, words] of Object.entries(STATS)) put(listOf(words), { cls: "stat", stat: stat as Stat });
  for (const [group, words] of Object.entries(GROUPS)) put(listOf(words), { cls: "group", group: group as GroupWord });
  for (const [reason, words] of Object.entries(HELD)) put(listOf(words), { cls: "held", reason });
  return map;
}

/** Comparison verbs get their forms ("outperform" → outperformed); adjectives and adverbs stay as written. */
function expandComparison(word: string): string[] {
  if (word.includes("/") || word.endsWith("+")) return verbForms(word);
  return /^(?:outperform|outpace|outstrip|exceed|surpass|underperform|trail|mirror|diverge|buck)$/.test(word) ? verbForms(word) : [word];
}

let vocabulary: Map<string, Entry> | null = null;

/** The entry of a word or phrase (lower case, single spaces), or undefined when the check does not know it. */
export function lookup(phrase: string): Entry | undefined {
  vocabulary ??= build();
  return vocabulary.get(normal(phrase));
}

let imperatives: Set<string> | null = null;

/** Whether a sentence's first word tells the reader to do something ("Buy", "Consider", "Watch"). */
export function isImperative(word: string): boolean {
  imperatives ??= new Set(listOf(IMPERATIVES));
  return imperatives.has(normal(word));
}
