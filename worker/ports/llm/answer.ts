import type { QuestionType } from "#schema/contracts/ask.ts";
import type { Entity } from "#worker/lib/grounding/index.ts";
import type { Fact, FactSection } from "./llm.ts";

/**
 * The answering capability of the LLM port (Ask Coinsight). Like the article writer, an answerer is
 * given only facts the server fetched, each with an id: it never types a figure but cites a fact as
 * `{{id}}`, and the server checks every claim around each citation (worker/lib/grounding) before it
 * writes the figures in and anyone sees the answer.
 */

export type AnswerBrief = {
  questionType: QuestionType;
  coin: { id: string; name: string; symbol: string };
  /** The question in words, as the card asks it. */
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
