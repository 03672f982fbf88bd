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
