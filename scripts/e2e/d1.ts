import { inject } from "vitest";
import { wranglerOutput } from "../lib/wrangler.ts";

/** Runs SQL on the local D1 of the server under test (the files `wrangler dev` persists) and returns the rows. */
export function d1<T>(sql: string): T[] {
  const out = wranglerOutput(["d1", "execute", "DB", "--local", "--persist-to", inject("persistTo"), "--json", "--command", sql]);
  return (JSON.parse(out) as { results: T[] }[]).flatMap((r) => r.results);
}

export type OutboxMail = { id: number; subject: string; text: string; html: string; headers: Record<string, string> };

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Mails the offline mail adapter captured for `to`, newest first (the outbox the admin panel shows). */
export function outboxFor(to: string): OutboxMail[] {
  return d1<{ id: number; subject: string; body_text: string; body_html: string; headers_json: string | null }>(
    `SELECT id, subject, body_text, body_html, headers_json FROM outbox WHERE channel = 'email' AND recipient = ${quote(to)} ORDER BY id DESC`,
  ).map((r) => ({ id: r.id, subject: r.subject, text: r.body_text, html: r.body_html, headers: JSON.parse(r.headers_json ?? "{}") }));
}

export function sqlString(s: string): string {
  return quote(s);
}

/**
 * Waits until the mail queue's consumer has put a mail for `to` that `match` accepts in the outbox, and returns
 * those mails. A loop of its own, not `expect.poll`: each look runs `wrangler d1 execute`, which alone takes longer
 * than the poll's one-second default on a loaded machine, so the poll would get one look and fail.
 */
export async function waitForMail(to: string, match: (m: OutboxMail) => boolean = () => true, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = outboxFor(to).filter(match);
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail for ${to} reached the outbox in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
