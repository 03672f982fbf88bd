import type { Source } from "#worker/features/newsroom/index.ts";
import { logger } from "#worker/lib/log.ts";
import type { AnswerBrief, Answerer } from "#worker/ports/llm/answer.ts";
import { stripHtml } from "#worker/ports/llm/prompt.ts";
import { checkAnswer, renderAnswer } from "./grounding.ts";

/** One try, then one regeneration; a second failure is refused. */
export const ATTEMPTS = 2;

/** What the card shows when no grounded answer could be written (assistant-plans-admin.md §8). */
export const ANSWER_FAILED = "Sorry, I couldn't answer that question right now. Please try again later.";

export type AnswerOutcome =
  | { ok: true; text: string; model: string; attempts: number }
  | { ok: false; attempts: number; problems: string[] };

/** Streaming callbacks: checked and rendered lines as they are written, and a reset when an attempt is thrown away. */
export type AnswerStream = { line: (text: string) => void; reset: () => void };

class Ungrounded extends Error {
  constructor(readonly problems: string[]) {
    super(`ungrounded answer: ${problems.join("; ")}`);
  }
}

/** Checks one piece of an answer and returns what readers see, or throws with the check's problems. */
function checked(text: string, brief: AnswerBrief): string {
  const report = checkAnswer(text, brief);
  if (!report.ok) throw new Ungrounded(report.problems);
  return renderAnswer(text, brief);
}

/**
 * Asks the answerer, checks every claim against the brief and regenerates once on a failure; the
 * text returned has the figures written in. When streaming, each line is checked as soon as it is
 * complete and only then rendered and sent, so a reader never sees an unchecked line; a failing
 * line ends the attempt and the stream resets. The whole answer is checked again at the end (a
 * claim may rest on an earlier line), and the streamed lines are the answer returned.
 */
export async function answerGrounded(answerer: Answerer, brief: AnswerBrief, stream?: AnswerStream): Promise<AnswerOutcome> {
  let problems: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) stream?.reset();
    let pending = "";
    const sent: string[] = [];
    const send = (line: string) => {
      const clean = stripHtml(line);
      // Blank lines before the first words are not part of the answer.
      if (!sent.length && !clean.trim()) return;
      const shown = checked(clean, brief);
      sent.push(shown);
      stream?.line(shown);
    };
    const onText = stream
      ? (delta: string) => {
          pending += delta;
          let nl = pending.indexOf("\n");
          while (nl >= 0) {
            const line = pending.slice(0, nl + 1);
            pending = pending.slice(nl + 1);
            send(line);
            nl = pending.indexOf("\n");
          }
        }
      : undefined;
    try {
      const answer = await answerer.answer(brief, onText);
      const text = checked(answer.text, brief);
      if (!stream) return { ok: true, text, model: answer.model, attempts: attempt };
      if (pending) send(pending);
      return { ok: true, text: sent.join(""), model: answer.model, attempts: attempt };
    } catch (err) {
      problems = err instanceof Ungrounded ? err.problems : [`${(err as Error).name}: ${(err as Error).message}`];
      logger("ask").warn("answer attempt failed", { attempt, questionType: brief.questionType, problems });
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

/** The label of a future_price answer with a range, and of one without (a range is not a prediction). */
export const RANGE_LABEL =
  "**A statistical range, not a forecast or advice.** It comes from past price moves alone and says nothing about what happens next.";
export const NO_FORECAST_LABEL = "**Not a forecast or advice.** Coinsight does not predict prices.";

/** The range label naming the days it was measured over ("from daily closes 1–30 April 2026"). */
export function rangeLabel(period: string | undefined): string {
  if (!period) return RANGE_LABEL;
  return `**A statistical range, not a forecast or advice.** It comes from past price moves alone, measured on ${period}, and says nothing about what happens next.`;
}

/**
 * What the server adds after the checked answer, outside the check (its words are the ones the
 * check refuses in an answer): future_price's label, then the data time and sources.
 */
export function closing(brief: AnswerBrief, sources: Source[], answerer: Pick<Answerer, "source" | "model">): string {
  const label =
    brief.questionType !== "future_price" ? null : brief.named.range7d ? rangeLabel(brief.named.period?.display) : NO_FORECAST_LABEL;
  return `\n\n${label ? `${label}\n\n` : ""}${footer(brief.asOf, sources, answerer)}`;
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
