import type { OutboxList } from "#schema/contracts/outbox.ts";
import { E2E_ADMIN } from "./admin.ts";
import { insertArticles, type NewsRow } from "./news-fixtures.ts";
import { baseURL } from "./site.ts";
import { adminCookie, siteSql } from "./site-state.ts";

/** Runs one SQL statement on the D1 of the site under test, through the site, and returns its rows. */
export async function d1<T>(sql: string): Promise<T[]> {
  const [rows = []] = await siteSql(baseURL(), E2E_ADMIN, { statements: [{ sql }] });
  return rows as T[];
}

/** Runs statements in one transaction (D1's batch) on the D1 of the site under test, through the site. */
export async function d1Batch(statements: string[]): Promise<void> {
  await siteSql(baseURL(), E2E_ADMIN, { statements: statements.map((sql) => ({ sql })) });
}

export type OutboxMail = {
  id: number;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The mail's kind and edition (`category: newsletter_daily`, `edition: YYYY-MM-DD`). */
  tags: Record<string, string>;
};

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Mails the offline mail adapter captured for `to`, newest first: the outbox the admin panel shows, read
 * through the site's admin API (a read of its database from a second workerd can meet the write lock of the
 * mail queue's consumer, which SQLite then refuses at once, and the consumer retries the mail much later).
 */
export async function outboxFor(to: string): Promise<OutboxMail[]> {
  const site = baseURL();
  const res = await fetch(`${site}/api/admin/outbox?channel=email&limit=200`, { headers: { cookie: await adminCookie(site, E2E_ADMIN) } });
  if (!res.ok) throw new Error(`GET /api/admin/outbox answered ${res.status}`);
  const { items } = (await res.json()) as OutboxList;
  return items
    .filter((m) => m.recipient === to)
    .map((m) => ({ id: m.id, subject: m.subject ?? "", text: m.text, html: m.html ?? "", headers: m.headers, tags: m.tags }));
}

export function sqlString(s: string): string {
  return quote(s);
}

/**
 * Waits until the mail queue's consumer has put a mail for `to` that `match` accepts in the outbox, and returns
 * those mails. A loop of its own with a longer limit than `expect.poll`'s: a look at the outbox goes
 * through the site, which a loaded machine can hold past a second.
 */
export async function waitForMail(to: string, match: (m: OutboxMail) => boolean = () => true, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outboxFor(to)).filter(match);
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail for ${to} reached the outbox in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Writes news rows into the site under test, which starts a new content version (news-fixtures.ts). */
export async function insertNews(rows: NewsRow[]): Promise<void> {
  await insertArticles(rows, baseURL(), E2E_ADMIN);
}

/** A published article the day's pipeline wrote on the shared site (global-setup.ts), which no journey changes. */
export async function generatedArticle(categoryId: 17 | 18): Promise<{ slug: string; title: string }> {
  const [row] = await d1<{ slug: string; title: string }>(
    `SELECT slug, title FROM articles WHERE category_id = ${categoryId} AND status = 'published' AND generation_key IS NOT NULL ORDER BY id LIMIT 1`,
  );
  if (!row) throw new Error("the day's pipeline wrote no such article");
  return row;
}

type FailedRun = { message: string; stack: string; suggestedAction?: string };

/**
 * Marks today's run of `task` failed for good (as the Workflow's step records it after its last
 * retry) and answers how to put it back. Near midnight UTC the site's start-up run is yesterday's:
 * then today's row is made here and removed by the answer.
 */
export async function failTodaysRun(task: string, { message, stack, suggestedAction }: FailedRun): Promise<() => Promise<void>> {
  const today = new Date().toISOString().slice(0, 10);
  const where = `task = ${sqlString(task)} AND date = ${sqlString(today)}`;
  const [before] = await d1<{ status: string; retry_count: number }>(`SELECT status, retry_count FROM generation_runs WHERE ${where}`);
  if (!before) await d1(`INSERT INTO generation_runs (task, date) VALUES (${sqlString(task)}, ${sqlString(today)})`);
  await d1(
    `UPDATE generation_runs SET status = 'failed', retry_count = 3, next_retry_at = NULL, error_category = 'api_failure',
       error_message = ${sqlString(message)}, error_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), error_stack = ${sqlString(stack)},
       error_suggested_action = ${suggestedAction ? sqlString(suggestedAction) : "NULL"} WHERE ${where}`,
  );
  return async () => {
    if (!before) await d1(`DELETE FROM generation_runs WHERE ${where}`);
    else
      await d1(
        `UPDATE generation_runs SET status = ${sqlString(before.status)}, retry_count = ${before.retry_count}, error_category = NULL,
           error_message = NULL, error_at = NULL, error_stack = NULL, error_suggested_action = NULL WHERE ${where}`,
      );
  };
}
