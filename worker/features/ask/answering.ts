import type { Source } from "#worker/features/newsroom/articles.ts";
import type { AnswerBrief, Answerer } from "#worker/ports/llm/answer.ts";
import { checkAnswer } from "./grounding.ts";

/** One try, then one regeneration (issue 11); a second failure is refused. */
export const ATTEMPTS = 2;

/** What the card shows when no grounded answer could be written (assistant-plans-admin.md §8). */
export const ANSWER_FAILED = "Sorry, I couldn't answer that question right now. Please try again later.";

export type AnswerOutcome =
  | { ok: true; text: string; model: string; attempts: number }
  | { ok: false; attempts: number; problems: string[] };

/** Streaming callbacks: checked lines as they are written, and a reset when an attempt is thrown away. */
export type AnswerStream = { line: (text: string) => void; reset: () => void };

class Ungrounded extends Error {
  constructor(readonly problems: string[]) {
    super(`ungrounded answer: ${problems.join("; ")}`);
  }
}

/**
 * Asks the answerer, checks every figure against the brief and regenerates once on a failure.
 * When streaming, each line is checked as soon as it is complete and only then sent, so a reader
 * never sees a figure that failed the check; a failing line ends the attempt and the stream resets.
 */
export async function answerGrounded(answerer: Answerer, brief: AnswerBrief, stream?: AnswerStream): Promise<AnswerOutcome> {
  let problems: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) stream?.reset();
    let pending = "";
    const onText = stream
      ? (delta: string) => {
          pending += delta;
          let nl = pending.indexOf("\n");
          while (nl >= 0) {
            const line = pending.slice(0, nl + 1);
            pending = pending.slice(nl + 1);
            const check = checkAnswer(line, brief);
            if (!check.ok) throw new Ungrounded(check.problems);
            stream.line(line);
            nl = pending.indexOf("\n");
          }
        }
      : undefined;
    try {
      const answer = await answerer.answer(brief, onText);
      const check = checkAnswer(answer.text, brief);
      if (!check.ok) throw new Ungrounded(check.problems);
      if (stream && pending) stream.line(pending);
      return { ok: true, text: answer.text, model: answer.model, attempts: attempt };
    } catch (err) {
      problems = err instanceof Ungrounded ? err.problems : [`${(err as Error).name}: ${(err as Error).message}`];
      console.warn(JSON.stringify({ level: "warn", component: "ask", attempt, questionType: brief.questionType, problems }));
    }
  }
  return { ok: false, attempts: ATTEMPTS, problems };
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "23 November 2026, 18:40 UTC". */
export function asOfText(iso: string): string {
  const d = new Date(iso);
  const hh = String(d.getUTCHours()).padStart(2, "0");
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/** The closing line of every answer: its data time and its sources, the writer last. */
export function footer(asOf: string, sources: Source[], answerer: Pick<Answerer, "source" | "model">): string {
  const writer: Source =
    answerer.source === "offline"
      ? { name: "Coinsight answer templates", role: "writer" }
      : { name: `AI model ${answerer.model}, checked against these figures`, role: "writer" };
  const names = [...sources, writer].map((s) => (s.url ? `[${s.name}](${s.url})` : s.name));
  return `As of ${asOfText(asOf)}. Sources: ${names.join("; ")}.`;
}
