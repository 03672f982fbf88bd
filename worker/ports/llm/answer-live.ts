import { z } from "zod";
import { UpstreamError } from "#worker/ports/port.ts";
import { type Answerer, AnswerFormatError } from "./answer.ts";
import { buildAnswerMessages } from "./answer-prompt.ts";
import { postChatCompletion } from "./http.ts";
import { stripHtml } from "./prompt.ts";
import { type AiRunner, DEFAULT_WORKERS_AI_MODEL } from "./workers-ai.ts";

const MAX_TOKENS = 700;
const TEMPERATURE = 0.3;

const chunkSchema = z.object({ choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).partial() })) });
const wholeSchema = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1) });

function finish(text: string, model: string) {
  const cleaned = stripHtml(text.replace(/\r\n/g, "\n")).trim();
  if (cleaned.length < 40) throw new AnswerFormatError("The model's answer was empty or too short");
  return { text: cleaned, model };
}

/** Reads `data:` lines of a server-sent event stream, calling `onData` with each payload. */
async function readEvents(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line.startsWith("data:")) onData(line.slice(5).trim());
      nl = buffer.indexOf("\n");
    }
  }
  const last = buffer.trim();
  if (last.startsWith("data:")) onData(last.slice(5).trim());
}

export type OpenAiAnswererOptions = {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** Any OpenAI-compatible `/chat/completions` endpoint, streamed (`stream: true`) so the card can show the answer as it is written. */
export function createOpenAiCompatibleAnswerer(options: OpenAiAnswererOptions): Answerer {
  return {
    source: "openai-compatible",
    model: options.model,
    async answer(brief, onText) {
      const res = await postChatCompletion(
        options,
        { model: options.model, messages: buildAnswerMessages(brief), temperature: TEMPERATURE, max_tokens: MAX_TOKENS, stream: true },
        "text/event-stream, application/json",
        options.timeoutMs ?? 45_000,
      );
      // Some compatible servers ignore `stream` and answer one JSON body.
      if (!(res.headers.get("content-type") ?? "").includes("text/event-stream") || !res.body) {
        const parsed = wholeSchema.safeParse(await res.json().catch(() => null));
        if (!parsed.success) throw new UpstreamError("LLM endpoint answered an unexpected shape");
        const text = parsed.data.choices[0]?.message.content ?? "";
        onText?.(text);
        return finish(text, options.model);
      }
      let text = "";
      await readEvents(res.body, (data) => {
        if (data === "[DONE]") return;
        let json: unknown;
        try {
          json = JSON.parse(data);
        } catch {
          throw new UpstreamError("LLM endpoint streamed a malformed event");
        }
        const parsed = chunkSchema.safeParse(json);
        const delta = parsed.success ? (parsed.data.choices[0]?.delta.content ?? "") : "";
        if (delta) {
          text += delta;
          onText?.(delta);
        }
      });
      return finish(text, options.model);
    },
  };
}

/** Workers AI through the `AI` binding; answers arrive whole (one piece for the stream). */
export function createWorkersAiAnswerer(options: { ai: AiRunner; model?: string | undefined }): Answerer {
  const model = options.model || DEFAULT_WORKERS_AI_MODEL;
  return {
    source: "workers-ai",
    model,
    async answer(brief, onText) {
      let out: unknown;
      try {
        out = await options.ai.run(model, { messages: buildAnswerMessages(brief), max_tokens: MAX_TOKENS, temperature: TEMPERATURE });
      } catch (err) {
        throw new UpstreamError(`Workers AI failed: ${(err as Error).message}`);
      }
      const a = (out ?? {}) as { response?: unknown; choices?: { message?: { content?: unknown } }[] };
      const text = typeof a.response === "string" ? a.response : a.choices?.[0]?.message?.content;
      if (typeof text !== "string") throw new UpstreamError("Workers AI answered without text");
      onText?.(text);
      return finish(text, model);
    },
  };
}
