import { z } from "zod";
import { MAX_BATCH, MailError, type MailMessage, type MailPort, type SentMail } from "./mail.ts";

export type ResendOptions = {
  apiKey: string;
  /** "Name <address>" on a domain verified with Resend. */
  from: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const BASE = "https://api.resend.com";
const sentSchema = z.object({ id: z.string() });
const batchSchema = z.object({ data: z.array(sentSchema) });
const errorSchema = z.object({ message: z.string(), name: z.string().optional() });

/** Resend tags allow ASCII letters, digits, "_" and "-" only. */
function tagList(tags: Record<string, string> | undefined) {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 256);
  return Object.entries(tags ?? {}).map(([name, value]) => ({ name: clean(name), value: clean(value) }));
}

/** The live mail adapter: Resend's HTTP API (POST /emails and /emails/batch). */
export function createResendMail(options: ResendOptions): MailPort {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  function payload(m: MailMessage) {
    const tags = tagList(m.tags);
    return {
      from: options.from,
      to: [m.to],
      subject: m.subject,
      html: m.html,
      text: m.text,
      ...(m.headers && Object.keys(m.headers).length ? { headers: m.headers } : {}),
      ...(tags.length ? { tags } : {}),
    };
  }

  async function post(path: string, body: unknown, idempotencyKey: string | undefined): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${BASE}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          "content-type": "application/json",
          "user-agent": "Coinsight/1.0",
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey.slice(0, 256) } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      // No answer: the request may have reached Resend, so the mail may have gone out.
      throw new MailError(`Resend unreachable: ${(err as Error).message}`, { retryable: false });
    }
    const json = (await res.json().catch(() => null)) as unknown;
    if (res.ok) return json;
    const detail = errorSchema.safeParse(json);
    const message = detail.success ? `${detail.data.name ?? "error"}: ${detail.data.message}` : res.statusText;
    // A 4xx is a refusal (nothing sent); 409 means the same idempotency key is in flight, and a
    // 5xx says nothing certain, so neither may be retried without risking a duplicate.
    const retryable = res.status >= 400 && res.status < 500 && res.status !== 409;
    throw new MailError(`Resend answered ${res.status}: ${message}`, { retryable, status: res.status });
  }

  return {
    source: "resend",
    async send(message) {
      const parsed = sentSchema.safeParse(await post("/emails", payload(message), message.idempotencyKey));
      // Accepted (2xx) even if the body is odd: the mail is on its way, only its id is unknown.
      return { id: parsed.success ? parsed.data.id : "" };
    },
    async sendBatch(messages, batchOptions) {
      if (messages.length === 0) return [];
      if (messages.length > MAX_BATCH) throw new MailError(`A batch holds at most ${MAX_BATCH} mails`, { retryable: true });
      const parsed = batchSchema.safeParse(await post("/emails/batch", messages.map(payload), batchOptions?.idempotencyKey));
      return messages.map((_, i): SentMail => ({ id: parsed.success ? (parsed.data.data[i]?.id ?? "") : "" }));
    },
  };
}
