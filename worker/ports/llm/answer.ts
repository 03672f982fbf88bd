import type { QuestionType } from "#schema/contracts/ask.ts";
import type { Fact, FactSection } from "./llm.ts";

/**
 * The answering capability of the LLM port (Ask Coinsight). Like the article writer, an answerer is
 * given only facts the server fetched, each with the exact text it may quote; every figure of its
 * answer is checked against them before anyone sees it.
 */

export type NewsItem = { title: string; path: string; date: string; excerpt: string };

export type AnswerBrief = {
  questionType: QuestionType;
  coin: { name: string; symbol: string };
  /** The question in words, as the card asks it. */
  question: string;
  /** When the figures were taken (ISO). */
  asOf: string;
  /** Everything the answer may quote, grouped for the prompt. */
  sections: FactSection[];
  /** The same facts by name, for the offline answerer's sentences. */
  named: Record<string, Fact>;
  /** Whole numbers the answer may write without a fact ("7 days", a date's parts). */
  allowedNumbers: number[];
  /** Plain statements without figures the answer should carry (e.g. what the data cannot tell). */
  notes: string[];
  categories: string[];
  /** latest_news: the site's own articles about the coin, newest first. */
  news: NewsItem[];
};

export type Answer = { text: string; model: string };

export interface Answerer {
  /** "workers-ai", "openai-compatible" or "offline". */
  readonly source: string;
  readonly model: string;
  /** Answers; `onText` receives the text as it is written (whole lines or smaller pieces). */
  answer(brief: AnswerBrief, onText?: (delta: string) => void): Promise<Answer>;
}

/** The model answered nothing usable. */
export class AnswerFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ValidationError";
  }
}
