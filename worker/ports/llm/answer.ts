import type { QuestionType } from "#schema/contracts/ask.ts";
import type { Entity } from "#worker/lib/grounding/index.ts";
import type { Fact, FactSection } from "./llm.ts";

/**
 * The answering capability of the LLM port (Ask Coinsight). Like the article writer, an answerer is
 * given only facts the server fetched, each with an id: it never types a figure but cites a fact as
 * `{{id}}`, and the server checks every claim around each citation (worker/lib/grounding) before it
 * writes the figures in and anyone sees the answer.
 */

/**
 * The free-text answers that are not one of the card's questions (issue 43): a price range, a
 * comparison, a ranking, the member's watchlist, the news of several coins. Their briefs may name
 * several coins (`entities`); a news brief's facts are keyed `<coin id>:<the card's key>`.
 */
export type FreeAnswerKind = "range" | "compare" | "screen" | "watchlist" | "news";
export type AnswerKind = QuestionType | FreeAnswerKind;

export type AnswerBrief = {
  questionType: AnswerKind;
  /** The coin asked about; for a brief about several coins, the first of them (the prompt names them all). */
  coin: { id: string; name: string; symbol: string };
  /** The question in words, as the card asks it (a free-text question: the plan's summary). */
  question: string;
  /** When the figures were taken (ISO). */
  asOf: string;
  /** Everything the answer may cite, grouped for the prompt. */
  sections: FactSection[];
  /** The same facts by name, for the offline answerer's sentences. */
  named: Record<string, Fact>;
  /** The coins the answer may name (the coin asked about): the check reads each claim's subject against them. */
  entities: Entity[];
  /** Plain statements without figures the answer should carry (e.g. what the data cannot tell). */
  notes: string[];
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
