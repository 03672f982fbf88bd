import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticlePage, EditableArticle, SavedArticle } from "#schema/contracts/editorial.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import {
  articlesOf,
  clockAt,
  runTasks,
  stopSharingWithWorkflow,
  tamperingWriter,
  testDeps,
} from "#worker/features/newsroom/test-support.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { saveBody } from "./test-support.ts";

const HONEST_DAY = "2026-09-14";
const HELD_DAY = "2026-09-15";
const PREDICTION = "Bitcoin will hit a new high next week.";
/** Every reason the sentence gets, each naming it and its coin (the prediction, the record, the unknown verb). */
const PREDICTION_REASONS = [
  `In "${PREDICTION}" (Bitcoin): "new high": a record, which the data does not show`,
  `In "${PREDICTION}" (Bitcoin): "will": a prediction, which the data does not show`,
  `In "${PREDICTION}" (Bitcoin): "next week": a prediction, which the data does not show`,
  `In "${PREDICTION}" (Bitcoin): unrecognised word "hit"`,
];

let honestId = 0;
let heldId = 0;

/** Two Daily Roundups written by the offline newsroom: one that passed the check, one held for a prediction. */
beforeAll(async () => {
  const honest = await testDeps(clockAt(`${HONEST_DAY}T06:00:00Z`));
  await runTasks(honest, ["daily_roundup"], HONEST_DAY);
  const writer = tamperingWriter((d) => ({ ...d, body: `${d.body}\n\n${PREDICTION}` }));
  const held = await testDeps(clockAt(`${HELD_DAY}T06:00:00Z`), { writer });
  await runTasks(held, ["daily_roundup"], HELD_DAY);
  honestId = Number((await articlesOf(HONEST_DAY))[0]?.id);
  heldId = Number((await articlesOf(HELD_DAY))[0]?.id);
});

afterAll(stopSharingWithWorkflow);

async function editor() {
  const admin = await signedIn("chief@example.com");
  const open = async (id: number) => (await send<EditableArticle>(admin, "GET", `/api/articles/${id}/edit`)).body;
  const save = (a: EditableArticle, changes: Record<string, unknown> = {}) =>
    send<SavedArticle & ErrorBody>(admin, "PUT", `/api/articles/${a.id}`, saveBody(a, changes));
  return { admin, open, save };
}

const heldReasons = (body: ErrorBody) => (body.error.issues ?? []).filter((i) => i.path === "check").map((i) => i.message);

describe("editing keeps the claim check", () => {
  it("stores the newsroom's check with a generated article, and a save of it unchanged checks it again and passes", async () => {
    const { open, save } = await editor();
    const a = await open(honestId);
    expect(a).toMatchObject({ status: "published", check: { ok: true, reasons: [], by: "newsroom" }, override: null });
    const saved = await save(a);
    expect(saved.status).toBe(200);
    expect(saved.body.article).toMatchObject({ status: "published", check: { ok: true, reasons: [], by: "editor" } });
    // Both checks carry every sentence's reading for the desk (GET /api/articles/{id}/edit, check.readings).
    for (const check of [a.check, saved.body.article?.check]) {
      expect(check?.readings?.length).toBeGreaterThan(5);
      expect(check?.readings?.every((r) => r.verdict === "ok")).toBe(true);
    }
  });

  it("every Trending Analysis the newsroom publishes passes again when saved unchanged (its figures read back as their facts)", async () => {
    const day = "2026-09-17";
    await runTasks(await testDeps(clockAt(`${day}T06:00:00Z`)), ["lunarcrush_data", "trending_top_100"], day);
    const written = (await articlesOf(day)).filter((r) => r.status === "published");
    expect(written.length).toBeGreaterThan(0);
    const { open, save } = await editor();
    for (const row of written) {
      const a = await open(Number(row.id));
      const saved = await save(a);
      expect(saved.body.article?.check, `${a.title}: ${saved.body.article?.check?.reasons.join("\n")}`).toMatchObject({ ok: true });
      expect(saved.body.article.status).toBe("published");
    }
  });

  it("a held sentence typed into a published article: the save is refused (409, nothing written) with its reasons, then an override publishes it and is recorded", async () => {
    const { admin, open, save } = await editor();
    const a = await open(honestId);
    const content = `${a.content}<p>${PREDICTION}</p>`;
    const refused = await save(a, { content });
    expect(refused.status, "no override").toBe(409);
    expect(refused.body.error.code).toBe("CONFLICT");
    expect(heldReasons(refused.body)).toEqual(PREDICTION_REASONS);
    // Nothing was written: same revision, same text.
    const still = await open(honestId);
    expect(still).toMatchObject({ revision: a.revision, content: a.content, status: "published" });

    // An override that confirms other reasons than the ones that hold it is refused too.
    const stale = await save(a, { content, override: { reasons: ["something else"] } });
    expect(stale.status, "stale override").toBe(409);

    const published = await save(a, { content, override: { reasons: heldReasons(refused.body) } });
    expect(published.status).toBe(200);
    expect(published.body.article).toMatchObject({
      status: "published",
      check: { ok: false, reasons: PREDICTION_REASONS, by: "editor" },
      override: { userId: admin.user.id, email: "chief@example.com", reasons: PREDICTION_REASONS },
    });
    expect(Date.parse(published.body.article.override?.at ?? "")).not.toBeNaN();

    // The desk shows the record.
    const q = encodeURIComponent(a.title.slice(0, 40));
    const desk = await send<AdminArticlePage>(admin, "GET", `/api/articles?page=1&limit=100&q=${q}`);
    expect(desk.body.articles.find((x) => x.id === honestId)?.override).toMatchObject({
      email: "chief@example.com",
      reasons: PREDICTION_REASONS,
    });

    // A later save held for the same reasons stays published under that override; a new held reason needs a new one.
    const typo = await save(published.body.article, { title: `${a.title} ` });
    expect(typo.status).toBe(200);
    expect(typo.body.article.status).toBe("published");
    const more = await save(typo.body.article, { content: `${content}<p>Investors should buy Bitcoin now.</p>` });
    expect(more.status, "a new held reason").toBe(409);
    expect(heldReasons(more.body)).toEqual(expect.arrayContaining(PREDICTION_REASONS));
    expect(heldReasons(more.body).length).toBeGreaterThan(PREDICTION_REASONS.length);

    // Taking the sentence out passes the check again.
    const fixed = await save(typo.body.article, { content: a.content });
    expect(fixed.body.article.check).toMatchObject({ ok: true, by: "editor" });
  });

  it("checks the meta title and description too: a prediction written there is held like one in the body", async () => {
    const { open, save } = await editor();
    const a = await open(honestId);
    // Not the prediction: an override above already covers its reasons for this article.
    const advice = "Investors should buy Bitcoin now.";
    const refused = await save(a, { metaDescription: advice });
    expect(refused.status).toBe(409);
    expect(heldReasons(refused.body)).toEqual([`In "${advice}" (Bitcoin): "should buy": investment advice, which the data does not show`]);
    expect((await open(honestId)).metaDescription).toBe("");
  });

  it("a held draft saved as a draft stays held with the reasons of the edited text; fixed, it is a draft nothing holds", async () => {
    const { open, save } = await editor();
    const a = await open(heldId);
    expect(a.status).toBe("review");
    expect(a.check).toMatchObject({ ok: false, by: "newsroom", reasons: PREDICTION_REASONS });
    expect(a.reviewReason).toBe(`Claim check failed:\n${PREDICTION_REASONS.join("\n")}`);

    const retitled = await save(a, { content: a.content.replace("next week", "next month") });
    expect(retitled.status).toBe(200);
    expect(retitled.body.article).toMatchObject({ status: "review", isPublished: false, check: { ok: false, by: "editor" } });
    expect(retitled.body.article.reviewReason).toContain('In "Bitcoin will hit a new high next month." (Bitcoin)');

    const fixed = await save(retitled.body.article, { content: a.content.replace(`<p>${PREDICTION}</p>`, "") });
    expect(fixed.status).toBe(200);
    expect(fixed.body.article).toMatchObject({ status: "draft", reviewReason: null, check: { ok: true, reasons: [] } });
  });
});

describe("restoring a version is checked like a save", () => {
  it("restoring held sentences into a published article needs the override; nothing is written without it", async () => {
    // The roundup held above, fixed into a draft: published now (nothing holds it), its versions keep the held texts.
    const { admin, open } = await editor();
    expect((await send(admin, "POST", `/api/admin/articles/${heldId}/publish`)).status).toBe(200);
    const before = await open(heldId);
    expect(before).toMatchObject({ status: "published", check: { ok: true }, override: null });
    const versions = (await send<{ id: number | null; versionNumber: number }[]>(admin, "GET", `/api/articles/${heldId}/versions`)).body;
    const first = versions.find((v) => v.versionNumber === 1);
    const restore = (body: Record<string, unknown>) =>
      send<SavedArticle & ErrorBody>(admin, "POST", `/api/articles/${heldId}/versions/${first?.id}/restore`, body);

    const refused = await restore({ revision: before.revision });
    expect(refused.status).toBe(409);
    expect(heldReasons(refused.body)).toEqual(PREDICTION_REASONS);
    expect(await open(heldId)).toMatchObject({ revision: before.revision, content: before.content });

    const restored = await restore({ revision: before.revision, override: { reasons: PREDICTION_REASONS } });
    expect(restored.status).toBe(200);
    expect(restored.body.article).toMatchObject({
      status: "published",
      check: { ok: false, reasons: PREDICTION_REASONS, by: "editor" },
      override: { email: "chief@example.com", reasons: PREDICTION_REASONS },
    });
  });
});

describe("Publish anyway needs an explicit override", () => {
  it("refuses a held draft without one (409 with its reasons), then publishes with the reasons shown and records who and when", async () => {
    // A fresh held roundup: the one above was fixed.
    const day = "2026-09-16";
    const writer = tamperingWriter((d) => ({ ...d, body: `${d.body}\n\nInvestors should buy Bitcoin now.` }));
    await runTasks(await testDeps(clockAt(`${day}T06:00:00Z`), { writer }), ["daily_roundup"], day);
    const id = Number((await articlesOf(day))[0]?.id);
    const { admin, open } = await editor();

    const refused = await send<ErrorBody>(admin, "POST", `/api/admin/articles/${id}/publish`);
    expect(refused.status).toBe(409);
    const reasons = heldReasons(refused.body);
    expect(reasons.join("\n")).toMatch(/^In "Investors should buy Bitcoin now\." \(Bitcoin\): .*advice/m);
    expect((await open(id)).status).toBe("review");

    expect((await send(admin, "POST", `/api/admin/articles/${id}/publish`, { override: { reasons: [] } })).status).toBe(400);
    expect((await send(admin, "POST", `/api/admin/articles/${id}/publish`, { override: { reasons: ["other"] } })).status).toBe(409);
    expect((await send(admin, "POST", `/api/admin/articles/${id}/publish`, { sneaky: true })).status).toBe(400);

    const ok = await send<{ message: string }>(admin, "POST", `/api/admin/articles/${id}/publish`, { override: { reasons } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/override recorded/);
    expect(await open(id)).toMatchObject({
      status: "published",
      override: { userId: admin.user.id, email: "chief@example.com", reasons },
    });
  });
});
