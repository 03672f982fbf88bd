import { afterAll, inject } from "vitest";
import type { OutboxList } from "#schema/contracts/outbox.ts";
import { E2E_ADMIN } from "./admin.ts";
import { localState, whileBusy } from "./local-state.ts";
import { insertArticles, type NewsRow } from "./news-fixtures.ts";
import { baseURL, persistTo } from "./site.ts";

/** The file's connection to its site's state, opened at the first statement and closed after its tests. */
const opened = new Map<string, ReturnType<typeof localState>>();
afterAll(async () => {
  for (const state of opened.values()) await (await state).dispose();
  opened.clear();
});

export function stateOf(dir = persistTo()): ReturnType<typeof localState> {
  let state = opened.get(dir);
  if (!state) {
    state = localState(dir, inject("localBindings"));
    opened.set(dir, state);
  }
  return state;
}

/** Runs one SQL statement on the local D1 of the site under test and returns its rows. */
export async function d1<T>(sql: string): Promise<T[]> {
  const { db } = await stateOf();
  return (await whileBusy(() => db.prepare(sql).all())).results as T[];
}

/** Runs statements in one transaction (D1's batch) on the local D1 of the site under test. */
export async function d1Batch(statements: string[]): Promise<void> {
  const { db } = await stateOf();
  await whileBusy(() => db.batch(statements.map((s) => db.prepare(s))));
}

export type OutboxMail = { id: number; subject: string; text: string; html: string; headers: Record<string, string> };

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** A session of the site's admin, for reading what only the admin API shows (one sign-in per file and site). */
const adminSessions = new Map<string, Promise<string>>();
function adminCookie(): Promise<string> {
  const site = baseURL();
  let cookie = adminSessions.get(site);
  if (!cookie) {
    cookie = (async () => {
      const res = await fetch(`${site}/api/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site },
        body: new URLSearchParams({ email: E2E_ADMIN, firstName: "Outbox", lastName: "", returnTo: "/" }),
      });
      const session = res.headers.getSetCookie().find((c) => c.startsWith("__Host-coinsight_session="));
      if (!session) throw new Error(`the admin sign-in answered ${res.status} without a session`);
      return session.split(";")[0] as string;
    })();
    adminSessions.set(site, cookie);
  }
  return cookie;
}

/**
 * Mails the offline mail adapter captured for `to`, newest first: the outbox the admin panel shows, read
 * through the site's admin API (a read of its database from a second workerd can meet the write lock of the
 * mail queue's consumer, which SQLite then refuses at once, and the consumer retries the mail much later).
 */
export async function outboxFor(to: string): Promise<OutboxMail[]> {
  const res = await fetch(`${baseURL()}/api/admin/outbox?channel=email&limit=200`, { headers: { cookie: await adminCookie() } });
  if (!res.ok) throw new Error(`GET /api/admin/outbox answered ${res.status}`);
  const { items } = (await res.json()) as OutboxList;
  return items
    .filter((m) => m.recipient === to)
    .map((m) => ({ id: m.id, subject: m.subject ?? "", text: m.text, html: m.html ?? "", headers: m.headers }));
}

export function sqlString(s: string): string {
  return quote(s);
}

/**
 * Waits until the mail queue's consumer has put a mail for `to` that `match` accepts in the outbox, and returns
 * those mails. A loop of its own, not `expect.poll` with its one-second default: a look at the outbox goes
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

/** Writes news rows into the site under test and refreshes its content cache (news-fixtures.ts). */
export async function insertNews(rows: NewsRow[]): Promise<void> {
  await insertArticles(rows, persistTo(), await stateOf());
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
