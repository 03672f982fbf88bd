import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AskRefusal } from "#schema/contracts/ask.ts";
import type { Source } from "#worker/features/newsroom/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { logger } from "#worker/lib/log.ts";
import type { AnswerBrief, Answerer } from "#worker/ports/llm/answer.ts";
import { ANSWER_FAILED, answerGrounded, closing } from "./answering.ts";
import type { Grant } from "./gate.ts";
import { refusalBody } from "./http.ts";

/**
 * The answering both Ask routes share once a question is admitted and its brief built (the card's
 * POST /api/ask-coinsight and the free-text POST /api/ask-coinsight/answer): the checked answer as
 * JSON or as a stream, the closing after the check, the cache write, and the unit kept when the
 * answer is shown or given back when it is not.
 */

/** The stream's events every Ask route writes: checked lines, a restart, and the end. */
export type CoreEvent<Done> =
  | { event: "delta"; data: { text: string } }
  | { event: "reset"; data: Record<string, never> }
  | { event: "done"; data: Done }
  | { event: "error"; data: AskRefusal };

export type Answering<Done, Extra extends { event: string }> = {
  c: Context<AppEnv>;
  gate: Grant;
  answerer: Answerer;
  /** A cached answer's text, or null with the brief to answer from. */
  cached: string | null;
  built: { brief: AnswerBrief; sources: Source[] } | null;
  /** Keeps the unit and builds the answer: the JSON reply and the `done` event's data. */
  finish: (text: string, cached: boolean) => Promise<Done>;
  /** Stores a fresh answer (the cache), after the reply. */
  store: (text: string) => Promise<void>;
  /** The contract's writer of the route's events (its `format…Event`). */
  format: (e: CoreEvent<Done> | Extra) => { event: string; data: string };
  /** Events sent before the text (a free answer's tables). */
  preface?: readonly Extra[];
};

/** The checked text of a fresh answer with its closing, or null when none could be written (the caller refuses with 503). */
export async function writeAnswer<Done, Extra extends { event: string }>(a: Answering<Done, Extra>): Promise<string | null> {
  if (!a.built) return a.cached;
  const { brief, sources } = a.built;
  const outcome = await answerGrounded(a.answerer, brief).catch(async (err) => {
    await a.gate.refund();
    throw err;
  });
  if (!outcome.ok) return null;
  const text = `${outcome.text}${closing(brief, sources, a.answerer)}`;
  a.c.executionCtx.waitUntil(a.store(text));
  return text;
}

/** The 503 body after giving the unit back. */
export async function failedBody(a: Pick<Answering<unknown, never>, "c" | "gate">): Promise<AskRefusal> {
  const subscription = await a.gate.refund().catch(() => null);
  return refusalBody(a.c, "UNAVAILABLE", ANSWER_FAILED, subscription);
}

/**
 * The same answer as a stream: the preface, then each line once checked (`delta`; `reset` when an
 * attempt is thrown away), the closing, and `done` or `error`. A reader who left before the end
 * never saw the answer: the unit goes back (the answer stays cached).
 */
export function streamAnswer<Done, Extra extends { event: string }>(a: Answering<Done, Extra>): Response {
  return streamSSE(a.c, async (stream) => {
    const send = (e: CoreEvent<Done> | Extra) => stream.writeSSE(a.format(e));
    const done = async (text: string, cached: boolean) => {
      if (stream.aborted) {
        await a.gate.refund();
        return;
      }
      await send({ event: "done", data: await a.finish(text, cached) });
    };
    const failed = async () => send({ event: "error", data: await failedBody(a) });
    try {
      for (const e of a.preface ?? []) await send(e);
      if (!a.built) {
        await send({ event: "delta", data: { text: a.cached ?? "" } });
        return await done(a.cached ?? "", true);
      }
      const { brief, sources } = a.built;
      const lines: Promise<void>[] = [];
      const outcome = await answerGrounded(a.answerer, brief, {
        line: (text) => lines.push(send({ event: "delta", data: { text } })),
        reset: () => lines.push(send({ event: "reset", data: {} })),
      });
      await Promise.all(lines);
      if (!outcome.ok) return await failed();
      const tail = closing(brief, sources, a.answerer);
      await send({ event: "delta", data: { text: tail } });
      const text = `${outcome.text}${tail}`;
      a.c.executionCtx.waitUntil(a.store(text));
      await done(text, false);
    } catch (err) {
      logger("ask", a.c.get("requestId")).error("streamed answer failed", { error: err });
      await failed();
    }
  });
}

/** Whether the request asks for the stream. */
export const wantsStream = (c: Context<AppEnv>): boolean => (c.req.header("accept") ?? "").includes("text/event-stream");
