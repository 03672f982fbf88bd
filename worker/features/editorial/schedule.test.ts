import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AdminArticlePage, EditableArticle } from "#schema/contracts/editorial.ts";
import { NO_SCHEDULE, SCHEDULE_IN_PAST, SCHEDULE_PUBLISHED, SCHEDULE_TOO_FAR, type ScheduledArticle } from "#schema/contracts/schedule.ts";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { call } from "#worker/test/http.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { resumeOverdue } from "./schedule-store.ts";
import { articleRow, ENDED, inSeconds, instanceReaches, scheduleAs, scheduleOf, scheduleRow } from "./schedule-test-support.ts";
import { publishAtItsTime } from "./scheduled-publish.ts";
import { saveBody } from "./test-support.ts";

const draft = (title: string) =>
  insertArticle({ status: "draft", publishedAt: null, title, slug: title.toLowerCase().replaceAll(" ", "-") });
const isPublic = async (slug: string) => (await call(`/api/articles/${slug}`)).status === 200;
const listed = async (admin: Awaited<ReturnType<typeof signedIn>>) =>
  (await send<{ articles: ScheduledArticle[] }>(admin, "GET", "/api/admin/scheduled-articles")).body.articles;

describe("scheduled publishing", () => {
  it("publishes a draft at its time and not before, with the edits made while it waited", async () => {
    const a = await draft("Orbitcoin scheduled draft");
    const admin = await signedIn("chief@example.com");
    const publishAt = inSeconds(3);
    const res = await scheduleAs(admin, a.id, publishAt);
    expect(res.status).toBe(200);
    expect(res.body.schedule).toMatchObject({ articleId: a.id, publishAt, state: "scheduled", reasons: [], scheduledBy: "chief" });
    const { instance_id: instanceId } = (await scheduleRow(a.id)) ?? { instance_id: "" };

    // Before its time: the instance sleeps in the engine and readers do not see the article.
    expect((await (await env.PUBLISH_SCHEDULE.get(instanceId)).status()).status).toMatch(/queued|running|waiting/);
    expect(await isPublic(a.slug)).toBe(false);
    expect(await listed(admin)).toMatchObject([{ articleId: a.id, title: a.title, publishAt, state: "scheduled", status: "draft" }]);
    // The desk's article list says so too.
    const desk = await send<AdminArticlePage>(admin, "GET", "/api/articles?page=1&limit=100&q=Orbitcoin");
    expect(desk.body.articles.find((x) => x.id === a.id)?.scheduledFor).toBe(publishAt);

    // Editing a scheduled draft keeps its schedule.
    const open = (await send<EditableArticle>(admin, "GET", `/api/articles/${a.id}/edit`)).body;
    expect((await send(admin, "PUT", `/api/articles/${a.id}`, saveBody(open, { title: "Orbitcoin edited while scheduled" }))).status).toBe(
      200,
    );
    expect(await scheduleOf(admin, a.id)).toMatchObject({ publishAt, state: "scheduled" });

    const ended = await instanceReaches(instanceId, ENDED);
    expect(ended).toMatchObject({ status: "complete", output: { result: "published" } });
    const row = await articleRow(a.id);
    expect(row).toMatchObject({ status: "published", title: "Orbitcoin edited while scheduled" });
    // Not before its time: the publish time it got is the schedule's or later.
    expect(Date.parse(row?.published_at ?? "")).toBeGreaterThanOrEqual(Date.parse(publishAt));
    expect(await isPublic(a.slug)).toBe(true);
    // Carried out: nothing left to show on the desk or the Overview.
    expect(await scheduleRow(a.id)).toBeNull();
    expect(await scheduleOf(admin, a.id)).toBeNull();
    expect((await listed(admin)).some((s) => s.articleId === a.id)).toBe(false);
  });

  it("a reschedule replaces the schedule: the old instance is terminated, and one that wakes anyway publishes nothing", async () => {
    const a = await draft("Orbitcoin rescheduled");
    const admin = await signedIn("chief@example.com");
    await scheduleAs(admin, a.id, inSeconds(3600));
    const first = (await scheduleRow(a.id))?.instance_id ?? "";
    const later = inSeconds(7200);
    expect((await scheduleAs(admin, a.id, later)).body.schedule).toMatchObject({ publishAt: later, state: "scheduled" });
    const second = (await scheduleRow(a.id))?.instance_id ?? "";
    expect(second).not.toBe(first);
    expect((await instanceReaches(first, ENDED)).status).toBe("terminated");
    expect(await scheduleOf(admin, a.id)).toMatchObject({ publishAt: later });
    // An instance whose terminate was lost finds the row naming another instance.
    expect(await publishAtItsTime(getDb(env.DB), env, a.id, first)).toMatchObject({ result: "skipped" });
    expect((await articleRow(a.id))?.status).toBe("draft");
  });

  it("cancels: the instance is terminated, the row is gone, and the article stays a draft", async () => {
    const a = await draft("Orbitcoin cancelled");
    const admin = await signedIn("chief@example.com");
    await scheduleAs(admin, a.id, inSeconds(3600));
    const instanceId = (await scheduleRow(a.id))?.instance_id ?? "";
    const res = await send<{ success: boolean }>(admin, "DELETE", `/api/articles/${a.id}/schedule`);
    expect(res.status).toBe(200);
    expect((await instanceReaches(instanceId, ENDED)).status).toBe("terminated");
    expect(await scheduleRow(a.id)).toBeNull();
    expect(await scheduleOf(admin, a.id)).toBeNull();
    expect(await publishAtItsTime(getDb(env.DB), env, a.id, instanceId)).toMatchObject({ result: "skipped" });
    expect((await articleRow(a.id))?.status).toBe("draft");
    const again = await send<{ error: { message: string } }>(admin, "DELETE", `/api/articles/${a.id}/schedule`);
    expect([again.status, again.body.error.message]).toEqual([404, NO_SCHEDULE]);
  });

  it("trash cancels the schedule, and so does publishing by hand", async () => {
    const admin = await signedIn("chief@example.com");
    const trashed = await draft("Orbitcoin trashed");
    await scheduleAs(admin, trashed.id, inSeconds(3600));
    const trashedInstance = (await scheduleRow(trashed.id))?.instance_id ?? "";
    expect((await send(admin, "DELETE", `/api/articles/${trashed.id}`)).status).toBe(200);
    expect(await scheduleRow(trashed.id)).toBeNull();
    expect((await instanceReaches(trashedInstance, ENDED)).status).toBe("terminated");

    const byHand = await draft("Orbitcoin published by hand");
    await scheduleAs(admin, byHand.id, inSeconds(3600));
    const open = (await send<EditableArticle>(admin, "GET", `/api/articles/${byHand.id}/edit`)).body;
    expect((await send(admin, "PUT", `/api/articles/${byHand.id}`, saveBody(open, { isPublished: true }))).status).toBe(200);
    expect(await scheduleRow(byHand.id)).toBeNull();
  });

  it("a held article is not published at its time, and the schedule says why", async () => {
    const a = await insertArticle({ status: "review", publishedAt: null, title: "Orbitcoin held", reviewReason: "BTC: $1 vs $2" });
    const admin = await signedIn("chief@example.com");
    await scheduleAs(admin, a.id, inSeconds(1));
    const instanceId = (await scheduleRow(a.id))?.instance_id ?? "";
    expect(await instanceReaches(instanceId, ENDED)).toMatchObject({ status: "complete", output: { result: "held" } });
    expect((await articleRow(a.id))?.status).toBe("review");
    expect(await isPublic(a.slug)).toBe(false);
    expect(await scheduleOf(admin, a.id)).toMatchObject({ state: "held", reasons: ["BTC: $1 vs $2"] });
    expect(await listed(admin)).toEqual(expect.arrayContaining([expect.objectContaining({ articleId: a.id, state: "held" })]));
    // Cancelling a held schedule clears it from the desk.
    expect((await send(admin, "DELETE", `/api/articles/${a.id}/schedule`)).status).toBe(200);
    expect(await scheduleOf(admin, a.id)).toBeNull();
  });

  it("lives in D1 and the engine, not in memory: a later request, and the step itself, read it back from there", async () => {
    const a = await draft("Orbitcoin durable");
    const admin = await signedIn("chief@example.com");
    const publishAt = inSeconds(3600);
    await scheduleAs(admin, a.id, publishAt);
    const row = await scheduleRow(a.id);
    expect(row).toMatchObject({ publish_at: publishAt, created_by: admin.user.id });
    // A new agent (no state shared with the first) sees it, from the row and the instance's status.
    const other = await signedIn("deputy@example.com");
    expect(await scheduleOf(other, a.id)).toMatchObject({ publishAt, state: "scheduled" });
    const instance = await env.PUBLISH_SCHEDULE.get(row?.instance_id ?? "");
    expect((await instance.status()).status).toMatch(/queued|running|waiting/);
    // What runs at the time needs only the ids the engine keeps: the step publishes from D1 alone.
    expect(await publishAtItsTime(getDb(env.DB), env, a.id, row?.instance_id ?? "")).toMatchObject({ result: "published" });
    expect(await isPublic(a.slug)).toBe(true);
    await instance.terminate();
  });
});

describe("a schedule left waiting past its time", () => {
  it("is restarted by the minute's cron job (an engine that slept through a restart); an ended one is left alone", async () => {
    const waiting = await draft("Orbitcoin overdue");
    const admin = await signedIn("chief@example.com");
    await scheduleAs(admin, waiting.id, inSeconds(3600));
    const instanceId = (await scheduleRow(waiting.id))?.instance_id ?? "";
    const db = getDb(env.DB);
    // Not overdue yet: nothing to do.
    expect(await resumeOverdue(db, env, Date.now())).toBe(0);
    // Seen from two hours on, it is: the instance is restarted, and lives on (its run sleeps again until its time).
    expect(await resumeOverdue(db, env, Date.now() + 7_200_000)).toBe(1);
    expect((await instanceReaches(instanceId, ["queued", "running", "waiting"])).status).toMatch(/queued|running|waiting/);
    expect(await scheduleOf(admin, waiting.id)).toMatchObject({ state: "scheduled" });
    // `npm start`'s call restarts every live one, due or not (a restarted local engine lost every sleep).
    const resumed = await call("/api/dev/schedules/resume", { method: "POST" });
    // (Every live one of this file's schedules: at least this one.)
    expect(((await resumed.json()) as { resumed: number }).resumed).toBeGreaterThanOrEqual(1);
    expect((await instanceReaches(instanceId, ["queued", "running", "waiting"])).status).toMatch(/queued|running|waiting/);
    // A held schedule's instance has ended: it stays as the desk shows it.
    const held = await insertArticle({
      status: "review",
      publishedAt: null,
      title: "Orbitcoin overdue held",
      reviewReason: "BTC: $1 vs $2",
    });
    await scheduleAs(admin, held.id, inSeconds(1));
    await instanceReaches((await scheduleRow(held.id))?.instance_id ?? "", ENDED);
    await send(admin, "DELETE", `/api/articles/${waiting.id}/schedule`);
    expect(await resumeOverdue(db, env, Date.now() + 7_200_000)).toBe(0);
    expect(await scheduleOf(admin, held.id)).toMatchObject({ state: "held" });
  });
});

describe("scheduling refuses what it cannot do", () => {
  it("answers 400 with the field's message for a past, far, or malformed time; 409 for a published article; 404 for none", async () => {
    const a = await draft("Orbitcoin refused");
    const admin = await signedIn("chief@example.com");
    const past = await scheduleAs(admin, a.id, inSeconds(-60));
    expect([past.status, past.body.error?.message, past.body.error?.issues]).toEqual([
      400,
      SCHEDULE_IN_PAST,
      [{ path: "publishAt", message: SCHEDULE_IN_PAST }],
    ]);
    const far = await scheduleAs(admin, a.id, inSeconds(366 * 86_400));
    expect([far.status, far.body.error?.message]).toEqual([400, SCHEDULE_TOO_FAR]);
    for (const body of [{}, { publishAt: "tomorrow" }, { publishAt: "2026-12-01" }, { publishAt: inSeconds(60), extra: 1 }]) {
      const res = await send<{ error: { code: string; issues: { path: string }[] } }>(admin, "PUT", `/api/articles/${a.id}/schedule`, body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, "BAD_REQUEST"]);
    }
    expect(await scheduleRow(a.id)).toBeNull();
    const live = await insertArticle({ title: "Orbitcoin live" });
    const published = await scheduleAs(admin, live.id, inSeconds(60));
    expect([published.status, published.body.error?.message]).toEqual([409, SCHEDULE_PUBLISHED]);
    expect((await scheduleAs(admin, 999_999, inSeconds(60))).status).toBe(404);
    expect((await send(admin, "GET", "/api/articles/999999/schedule")).status).toBe(404);
  });
});
