import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditableArticle } from "#schema/contracts/editorial.ts";
import { articlesOf, clockAt, runTasks, stopSharingWithWorkflow, testDeps } from "#worker/features/newsroom/test-support.ts";
import { call } from "#worker/test/http.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { articleRow, ENDED, inSeconds, instanceReaches, scheduleAs, scheduleOf, scheduleRow } from "./schedule-test-support.ts";
import { saveBody } from "./test-support.ts";

const PREDICTION = "Bitcoin will hit a new high next week.";
const DAYS = ["2026-09-20", "2026-09-21"] as const;
const ids: number[] = [];

/** Two Daily Roundups the offline newsroom wrote and published, each then taken back to a draft on the desk. */
beforeAll(async () => {
  const admin = await signedIn("chief@example.com");
  for (const day of DAYS) {
    await runTasks(await testDeps(clockAt(`${day}T06:00:00Z`)), ["daily_roundup"], day);
    const id = Number((await articlesOf(day))[0]?.id);
    const open = (await send<EditableArticle>(admin, "GET", `/api/articles/${id}/edit`)).body;
    const saved = await send<{ article: EditableArticle }>(admin, "PUT", `/api/articles/${id}`, saveBody(open, { isPublished: false }));
    expect(saved.body.article).toMatchObject({ status: "draft", check: { ok: true } });
    ids.push(id);
  }
});

afterAll(stopSharingWithWorkflow);

describe("a scheduled AI-written article goes through the desk's claim check at its time", () => {
  it("publishes one whose sentences all pass, with the check it ran then", async () => {
    const id = ids[0] ?? 0;
    const admin = await signedIn("chief@example.com");
    const publishAt = inSeconds(1);
    await scheduleAs(admin, id, publishAt);
    const instanceId = (await scheduleRow(id))?.instance_id ?? "";
    expect(await instanceReaches(instanceId, ENDED)).toMatchObject({ status: "complete", output: { result: "published" } });
    const row = await articleRow(id);
    expect(row?.status).toBe("published");
    const check = JSON.parse(row?.check_json ?? "{}") as { ok: boolean; checkedAt: string; by: string };
    expect(check).toMatchObject({ ok: true, by: "editor" });
    expect(Date.parse(check.checkedAt)).toBeGreaterThanOrEqual(Date.parse(publishAt));
  });

  it("holds one whose text gained a held sentence it was never checked on: not published, and the desk is told why", async () => {
    const id = ids[1] ?? 0;
    const admin = await signedIn("chief@example.com");
    // Text no save checked (as a draft stored before checks were): the stored check still says ok.
    await env.DB.prepare("UPDATE articles SET content = content || ? WHERE id = ?").bind(`\n\n${PREDICTION}`, id).run();
    await scheduleAs(admin, id, inSeconds(1));
    const instanceId = (await scheduleRow(id))?.instance_id ?? "";
    const ended = await instanceReaches(instanceId, ENDED);
    expect(ended).toMatchObject({ status: "complete", output: { result: "held" } });
    const reasons = (ended.output as { reasons: string[] }).reasons;
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.every((r) => r.includes(PREDICTION))).toBe(true);
    // Stored as a draft save stores a held one: held for review, with this check's reasons.
    const row = await articleRow(id);
    expect(row?.status).toBe("review");
    expect(JSON.parse(row?.check_json ?? "{}")).toMatchObject({ ok: false, reasons });
    const slug = (await send<EditableArticle>(admin, "GET", `/api/articles/${id}/edit`)).body.slug;
    expect((await call(`/api/articles/${slug}`)).status).toBe(404);
    expect(await scheduleOf(admin, id)).toMatchObject({ state: "held", reasons });
  });
});
