import { env, runInDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { EditableArticle, SavedArticle } from "#schema/contracts/editorial.ts";
import { type PresenceServerMessage, presenceServerMessage } from "#schema/contracts/presence.ts";
import { articleSchedules } from "#schema/db/content.ts";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { ORIGIN } from "#worker/test/http.ts";
import { ADMINS, send, signedIn } from "#worker/test/signed-in.ts";
import { TestSocket } from "#worker/test/test-socket.ts";
import { ArticlePresence } from "./article-presence.ts";
import { presenceOf } from "./presence.ts";
import { publishAtItsTime } from "./scheduled-publish.ts";
import { saveBody } from "./test-support.ts";

type Socket = TestSocket<PresenceServerMessage>;
type People = Extract<PresenceServerMessage, { type: "people" }>;
type Changed = Extract<PresenceServerMessage, { type: "changed" }>;

const open: Socket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

/** GET /api/articles/{id}/presence as the desk's editor opens it (the agent's cookies, the site's Origin). */
async function connect(agent: BrowserAgent | null, articleId: number, headers: Record<string, string> = {}, query = "") {
  const init = { headers: { upgrade: "websocket", origin: ORIGIN, ...headers } };
  const path = `/api/articles/${articleId}/presence${query}`;
  const res = agent ? await agent.fetch(path, init) : await exports.default.fetch(new Request(new URL(path, ORIGIN), init));
  const socket = res.webSocket ? new TestSocket(res.webSocket, (d) => presenceServerMessage.parse(d)) : undefined;
  if (socket) open.push(socket);
  return { res, socket };
}

async function mustConnect(agent: BrowserAgent, articleId: number, query = ""): Promise<Socket> {
  const { res, socket } = await connect(agent, articleId, {}, query);
  expect(res.status).toBe(101);
  if (!socket) throw new Error("no socket");
  return socket;
}

/** The socket's latest list of people, once it satisfies `ok`. */
const peopleWhen = (s: Socket, ok: (m: People) => boolean) =>
  s.until(() => {
    const last = s.messages.filter((m): m is People => m.type === "people").at(-1);
    return last && ok(last) ? last : null;
  });
const names = (m: People) => m.people.map((p) => p.name);
const changed = (s: Socket, ok: (m: Changed) => boolean = () => true) =>
  s.until(() => s.messages.find((m): m is Changed => m.type === "changed" && ok(m)));

describe("who has an article open", () => {
  it("shows two admins to each other, live: opening time, editing and viewing, and one who leaves disappears", async () => {
    const a = await insertArticle();
    const chief = await signedIn("chief@example.com");
    const deputy = await signedIn("deputy@example.com");
    const first = await mustConnect(chief, a.id);
    const mine = await peopleWhen(first, (m) => m.people.length === 1);
    expect(mine.people[0]).toMatchObject({ name: "chief", email: "chief@example.com", userId: chief.user.id, editing: false });
    expect(mine.you).toBe(mine.people[0]?.connection);

    const second = await mustConnect(deputy, a.id);
    const seenBySecond = await peopleWhen(second, (m) => m.people.length === 2);
    // Oldest first: the one who was here before is named first, with when they opened it.
    expect(names(seenBySecond)).toEqual(["chief", "deputy"]);
    expect(seenBySecond.you).toBe(seenBySecond.people[1]?.connection);
    expect(Date.parse(seenBySecond.people[0]?.openedAt ?? "")).toBeLessThanOrEqual(Date.parse(seenBySecond.people[1]?.openedAt ?? ""));
    expect(names(await peopleWhen(first, (m) => m.people.length === 2))).toEqual(["chief", "deputy"]);

    // The deputy starts typing: the chief sees it, with since when.
    second.send({ type: "state", editing: true });
    const editing = await peopleWhen(first, (m) => m.people.some((p) => p.name === "deputy" && p.editing));
    const deputyRow = editing.people.find((p) => p.name === "deputy");
    expect(Date.parse(deputyRow?.since ?? "")).toBeGreaterThanOrEqual(Date.parse(deputyRow?.openedAt ?? ""));
    second.send({ type: "state", editing: false });
    await peopleWhen(first, (m) => m.people.every((p) => !p.editing) && m.people.length === 2);

    // A third comes and goes.
    const third = await mustConnect(chief, a.id);
    await peopleWhen(second, (m) => m.people.length === 3);
    third.close();
    await peopleWhen(second, (m) => m.people.length === 2);
    await peopleWhen(first, (m) => m.people.length === 2);
    expect(await presenceOf(env, a.id).people()).toHaveLength(2);
  });

  it("refuses guests (401), members (403), other sites (403), unknown or trashed articles (404) and plain requests (426)", async () => {
    const a = await insertArticle();
    const trashed = await insertArticle({ deletedAt: new Date().toISOString() });
    const chief = await signedIn("chief@example.com");
    const member = await signedIn("reader@example.com");
    const status = async (r: Promise<{ res: Response }>) => {
      const { res } = await r;
      const body = (await res.json()) as { error: { code: string; requestId: string } };
      expect(body.error.requestId).toBeTruthy();
      return [res.status, body.error.code];
    };
    expect(await status(connect(null, a.id))).toEqual([401, "UNAUTHORIZED"]);
    expect(await status(connect(member, a.id))).toEqual([403, "FORBIDDEN"]);
    expect(await status(connect(chief, a.id, { origin: "https://evil.example" }))).toEqual([403, "FORBIDDEN"]);
    const noOrigin = await connect(chief, a.id, { origin: "" });
    expect(noOrigin.res.status).toBe(403);
    expect(await status(connect(chief, 999_999))).toEqual([404, "NOT_FOUND"]);
    expect(await status(connect(chief, trashed.id))).toEqual([404, "NOT_FOUND"]);
    expect(await status(connect(chief, a.id, { upgrade: "" }))).toEqual([426, "UPGRADE_REQUIRED"]);
    expect(await status(connect(chief, a.id, {}, "?revision=zero"))).toEqual([400, "BAD_REQUEST"]);
    // Nobody refused got a place in the list.
    expect(await presenceOf(env, a.id).people()).toEqual([]);
  });

  it("closes a socket that says something else than its state", async () => {
    const a = await insertArticle();
    const chief = await signedIn("chief@example.com");
    const s = await mustConnect(chief, a.id);
    s.send("ping");
    await s.until(() => s.pongs > 0);
    s.send({ type: "state", editing: "yes" });
    expect(await s.whenClosed()).toMatchObject({ code: 1008 });
    expect(s.messages.at(-1)).toMatchObject({ type: "error", code: "BAD_REQUEST" });
    const big = await mustConnect(chief, a.id);
    big.send("x".repeat(500));
    expect((await big.whenClosed()).code).toBe(1009);
  });
});

describe("the stale editor", () => {
  it("hears of another admin's save with the new revision, who and when; the saver's own save never waits on it", async () => {
    const a = await insertArticle();
    const chief = await signedIn("chief@example.com");
    const deputy = await signedIn("deputy@example.com");
    const opened = (await send<EditableArticle>(deputy, "GET", `/api/articles/${a.id}/edit`)).body;
    const watcher = await mustConnect(chief, a.id, `?revision=${opened.revision}`);
    const saved = await send<SavedArticle>(deputy, "PUT", `/api/articles/${a.id}`, saveBody(opened, { title: "Deputy's title" }));
    expect(saved.status).toBe(200);
    const m = await changed(watcher);
    expect(m.change).toEqual({
      kind: "saved",
      revision: saved.body.article.revision,
      status: "published",
      by: { userId: deputy.user.id, name: "deputy" },
      at: saved.body.article.updatedAt,
    });

    // An editor that reconnects still showing the old revision hears of it at once.
    const late = await mustConnect(chief, a.id, `?revision=${opened.revision}`);
    expect((await changed(late)).change).toMatchObject({ kind: "saved", revision: saved.body.article.revision, by: { name: "deputy" } });
    // One that shows the current revision hears nothing.
    const current = await mustConnect(chief, a.id, `?revision=${saved.body.article.revision}`);
    await peopleWhen(current, (p) => p.people.length === 3);
    expect(current.messages.some((x) => x.type === "changed")).toBe(false);

    // The trash: no revision any more.
    expect((await send(deputy, "DELETE", `/api/articles/${a.id}`)).status).toBe(200);
    expect((await changed(watcher, (x) => x.change.kind === "trashed")).change).toMatchObject({ revision: null, status: null });
  });

  it("a save never fails because the notice could not be given", async () => {
    const a = await insertArticle();
    const chief = await signedIn("chief@example.com");
    const opened = (await send<EditableArticle>(chief, "GET", `/api/articles/${a.id}/edit`)).body;
    const broken = {
      ...ADMINS,
      ARTICLE_PRESENCE: { idFromName: () => ({}), get: () => ({ notify: () => Promise.reject(new Error("down")) }) },
    };
    const agent = new BrowserAgent(broken as unknown as Partial<Env>);
    for (const [k, v] of chief.cookies) agent.cookies.set(k, v);
    const saved = await send<SavedArticle>(agent, "PUT", `/api/articles/${a.id}`, saveBody(opened, { title: "Saved anyway" }));
    expect(saved.status).toBe(200);
    expect(saved.body.article.title).toBe("Saved anyway");
  });

  it("hears of the scheduled publication the Workflow's step carries out, by nobody (the schedule)", async () => {
    const a = await insertArticle({ status: "draft", publishedAt: null });
    const chief = await signedIn("chief@example.com");
    const watcher = await mustConnect(chief, a.id, "?revision=1");
    const now = new Date().toISOString();
    await getDb(env.DB)
      .insert(articleSchedules)
      .values({ articleId: a.id, instanceId: "presence-test", publishAt: now, createdBy: chief.user.id, createdAt: now });
    expect(await publishAtItsTime(getDb(env.DB), env, a.id, "presence-test")).toMatchObject({ result: "published" });
    expect((await changed(watcher)).change).toMatchObject({ kind: "scheduled", revision: 2, status: "published", by: null });
  });
});

describe("hibernation", () => {
  it("keeps who is who in the sockets: a fresh instance (as after hibernation) lists the same people and tells them", async () => {
    const a = await insertArticle();
    const chief = await signedIn("chief@example.com");
    const deputy = await signedIn("deputy@example.com");
    const first = await mustConnect(chief, a.id);
    const second = await mustConnect(deputy, a.id);
    second.send({ type: "state", editing: true });
    await peopleWhen(first, (m) => m.people.some((p) => p.editing));
    const stub = presenceOf(env, a.id);
    // What an object woken from hibernation has: the runtime's sockets and their attachments, nothing in memory.
    const seen = await runInDurableObject(stub, async (_instance: ArticlePresence, state) => {
      const woken = new ArticlePresence(state, env);
      const people = await woken.people();
      const told = await woken.notify({ kind: "published", revision: 2, status: "published", by: null, at: new Date().toISOString() });
      return { people: people.map((p) => [p.name, p.editing]), told };
    });
    expect(seen).toEqual({
      people: [
        ["chief", false],
        ["deputy", true],
      ],
      told: 2,
    });
    await changed(first, (m) => m.change.kind === "published");
    await changed(second, (m) => m.change.kind === "published");
  });
});
