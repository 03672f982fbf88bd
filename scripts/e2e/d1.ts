import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { inject } from "vitest";
import { offlineEnv, projectRoot } from "../lib/wrangler.ts";

/** Runs SQL on the local D1 of the server under test (the files `wrangler dev` persists) and returns the rows. */
export function d1<T>(sql: string): T[] {
  const res = spawnSync(
    process.execPath,
    [
      join(projectRoot, "node_modules/wrangler/bin/wrangler.js"),
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      inject("persistTo"),
      "--json",
      "--command",
      sql,
    ],
    { cwd: projectRoot, env: offlineEnv, encoding: "utf8" },
  );
  if (res.status !== 0) throw new Error(`wrangler d1 execute failed:\n${res.stdout}\n${res.stderr}`);
  return (JSON.parse(res.stdout) as { results: T[] }[]).flatMap((r) => r.results);
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
