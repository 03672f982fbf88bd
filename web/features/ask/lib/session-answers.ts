import type { QuestionType } from "#schema/contracts/ask-types.ts";

/** Answers kept per coin and question for the session (assistant-plans-admin.md §2): leaving a coin page and coming back shows them again. */
const answers = new Map<string, string>();

const keyOf = (symbol: string, type: QuestionType) => `${symbol.toUpperCase()}:${type}`;

export function sessionAnswer(symbol: string, type: QuestionType): string | undefined {
  return answers.get(keyOf(symbol, type));
}

export function keepAnswer(symbol: string, type: QuestionType, text: string): void {
  answers.set(keyOf(symbol, type), text);
}

/** Tests start from an empty session. */
export function forgetSessionAnswers(): void {
  answers.clear();
}
