import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Alert, AlertList, AlertSettings, NotificationList } from "#schema/contracts/alerts.ts";
import type { AuthUser } from "#schema/contracts/auth.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { evaluateTick } from "./evaluate.ts";
import { scheduledJobsRun } from "./settings.service.ts";
import { makeAlert } from "./test-support.ts";

type Answer = Alert & ErrorBody;
const JSON_HEADERS = { "content-type": "application/json" };

async function member(email: string, overrides: Partial<Env> = {}): Promise<BrowserAgent & { id: string }> {
  const agent = new BrowserAgent(overrides);
  await agent.signInOffline(email, "Member");
  const me = await agent.json<AuthUser>("/api/auth/user");
  return Object.assign(agent, { id: me.body.id });
}

const create = (agent: BrowserAgent, body: unknown) =>
  agent.json<Answer>("/api/alerts", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(body) });
const patch = (agent: BrowserAgent, id: number, body: unknown) =>
  agent.json<Answer>(`/api/alerts/${id}`, { method: "PATCH", headers: JSON_HEADERS, body: JSON.stringify(body) });
const remove = (agent: BrowserAgent, id: number) =>
  agent.json<{ success: true; id: number } & ErrorBody>(`/api/alerts/${id}`, { method: "DELETE" });
const list = (agent: BrowserAgent) => agent.json<AlertList>("/api/alerts");

async function setPlan(userId: string, tier: string, status = "active") {
  await env.DB.prepare(
    `INSERT INTO subscriptions (user_id, tier, status) VALUES (?1, ?2, ?3)
     ON CONFLICT (user_id) DO UPDATE SET tier = excluded.tier, status = excluded.status`,
  )
    .bind(userId, tier, status)
    .run();
}

async function fillAlerts(userId: string, n: number) {
  const { n: had = 0 } =
    (await env.DB.prepare("SELECT count(*) AS n FROM alerts WHERE user_id = ?1").bind(userId).first<{ n: number }>()) ?? {};
  for (let i = had; i < had + n; i++) {
    await makeAlert(userId, { kind: "price_above", threshold: 1_000_000 + i, coinId: "ethereum", symbol: "ETH" });
  }
}

describe("alerts API", () => {
  it("refuses every member route when signed out", async () => {
    const guest = new BrowserAgent();
    expect((await list(guest)).status).toBe(401);
    expect((await create(guest, { symbol: "BTC", kind: "new_article" })).status).toBe(401);
    expect((await patch(guest, 1, { paused: true })).status).toBe(401);
    expect((await remove(guest, 1)).status).toBe(401);
    expect((await guest.json("/api/alerts/settings")).status).toBe(401);
    expect((await guest.json("/api/notifications")).status).toBe(401);
    const read = await guest.json("/api/notifications/read", {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ all: true }),
    });
    expect(read.status).toBe(401);
  });

  it("creates each kind on a known coin, described in the site's formats, and lists them with the plan's limit", async () => {
    const agent = await member("alerts-kinds@example.com");
    await setPlan(agent.id, "lite");
    const made = [
      await create(agent, { symbol: "btc", kind: "price_above", threshold: 250_000 }),
      await create(agent, { symbol: "BTC", kind: "price_below", threshold: 1000.5 }),
      await create(agent, { symbol: "ETH", kind: "move_24h", threshold: 5 }),
      await create(agent, { symbol: "ETH", kind: "sentiment_shift", threshold: 10 }),
      await create(agent, { symbol: "SOL", kind: "new_article" }),
    ];
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(made.map((r) => r.body.description)).toEqual([
      "Price rises above $250,000.00",
      "Price falls below $1,000.50",
      "Price moves ±5.00% in 24 hours",
      "Social sentiment shifts by 10 points in a day",
      "A new Coinsight article about it is published",
    ]);
    expect(made[0]?.body).toMatchObject({
      symbol: "BTC",
      coinName: "Bitcoin",
      kind: "price_above",
      threshold: 250_000,
      paused: false,
      armed: true,
    });
    expect(made[4]?.body.threshold).toBeNull();
    const { body } = await list(agent);
    expect(body.alerts.map((a) => a.symbol)).toEqual(["BTC", "BTC", "ETH", "ETH", "SOL"]);
    expect(body.usage).toEqual({ used: 5, limit: 10, plan: "Lite" });
    expect(body.plans).toEqual([
      { tier: "free", name: "Free", limit: 3 },
      { tier: "lite", name: "Lite", limit: 10 },
      { tier: "basic", name: "Basic", limit: 25 },
      { tier: "pro", name: "Pro", limit: 100 },
    ]);
    expect(body.mailsPerDay).toBe(5);
  });

  it("an alert whose condition already holds starts disarmed (it waits for a crossing)", async () => {
    const agent = await member("alerts-armed@example.com");
    const above = await create(agent, { symbol: "BTC", kind: "price_above", threshold: 100 });
    expect(above.body.armed).toBe(false);
  });

  it.each([
    [{ symbol: "BTC", kind: "price_above", threshold: -5 }, "threshold", "The threshold must be greater than 0"],
    [{ symbol: "BTC", kind: "price_above", threshold: 0 }, "threshold", "The threshold must be greater than 0"],
    [{ symbol: "BTC", kind: "price_below", threshold: "70000" }, "threshold", "The threshold must be a number"],
    [{ symbol: "BTC", kind: "move_24h", threshold: "ten" }, "threshold", "The threshold must be a number"],
    [{ symbol: "BTC", kind: "move_24h" }, "threshold", "Enter a threshold"],
    [{ symbol: "BTC", kind: "move_24h", threshold: 5000 }, "threshold", "The threshold must be at most 1,000"],
    [{ symbol: "BTC", kind: "sentiment_shift", threshold: 101 }, "threshold", "The threshold must be at most 100"],
    [{ symbol: "BTC", kind: "new_article", threshold: 3 }, "threshold", "New-article alerts take no threshold"],
    [{ symbol: "BTC", kind: "price_sideways", threshold: 3 }, "kind", "The alert type must be one of"],
    [{ symbol: "", kind: "price_above", threshold: 3 }, "symbol", "Too small"],
  ])("refuses %j with a 400 naming the field", async (body, path, message) => {
    const agent = await member("alerts-bad-input@example.com");
    const res = await create(agent, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_REQUEST");
    expect(res.body.error.issues?.[0]?.path).toBe(path);
    expect(res.body.error.message).toContain(message);
  });

  it("refuses an unknown coin (404) and a duplicate alert (409)", async () => {
    const agent = await member("alerts-dup@example.com");
    const unknown = await create(agent, { symbol: "NOPECOIN", kind: "price_above", threshold: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Cryptocurrency "NOPECOIN" not found');
    expect((await create(agent, { symbol: "ETH", kind: "price_above", threshold: 9_000 })).status).toBe(201);
    const again = await create(agent, { symbol: "eth", kind: "price_above", threshold: 9_000 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("You already have this alert on ETH: Price rises above $9,000.00.");
    expect((await create(agent, { symbol: "ETH", kind: "new_article" })).status).toBe(201);
    expect((await create(agent, { symbol: "ETH", kind: "new_article", threshold: null })).status).toBe(409);
  });

  it("holds a plan's limit: 402 naming the plan that allows more; a lapsed plan falls back to Free; Pro's limit is a 409", async () => {
    const agent = await member("alerts-limits@example.com");
    await fillAlerts(agent.id, 3);
    const free = await create(agent, { symbol: "BTC", kind: "price_above", threshold: 500_000 });
    expect(free.status).toBe(402);
    expect(free.body.error).toMatchObject({
      code: "PAYMENT_REQUIRED",
      message: "Your Free plan allows 3 alerts. The Lite plan allows 10: upgrade on /subscribe, or delete an alert to add another.",
    });
    await setPlan(agent.id, "basic", "past_due");
    expect((await create(agent, { symbol: "BTC", kind: "price_above", threshold: 500_000 })).status).toBe(402);
    await setPlan(agent.id, "lite");
    await fillAlerts(agent.id, 7);
    const lite = await create(agent, { symbol: "BTC", kind: "price_above", threshold: 500_000 });
    expect(lite.body.error.message).toContain("Your Lite plan allows 10 alerts. The Basic plan allows 25");
    await setPlan(agent.id, "pro");
    await env.DB.prepare("DELETE FROM alerts WHERE user_id = ?1").bind(agent.id).run();
    await fillAlerts(agent.id, 100);
    const pro = await create(agent, { symbol: "BTC", kind: "price_above", threshold: 500_000 });
    expect(pro.status).toBe(409);
    expect(pro.body.error.message).toBe("You have 100 alerts, the most any plan allows. Delete an alert to add another.");
    expect((await list(agent)).body.usage).toEqual({ used: 100, limit: 100, plan: "Pro" });
  });

  it("admins get Pro's limit", async () => {
    const admin = await member("alerts-admin@example.com", { ADMIN_EMAILS: "alerts-admin@example.com" });
    expect((await list(admin)).body.usage).toEqual({ used: 0, limit: 100, plan: "Pro" });
  });

  it("concurrent creates cannot pass the limit", async () => {
    const agent = await member("alerts-race@example.com");
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => create(agent, { symbol: "BTC", kind: "price_above", threshold: 900_000 + i })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(3);
  });

  it("pauses, resumes, edits and deletes only the member's own alerts", async () => {
    const agent = await member("alerts-edit@example.com");
    const other = await member("alerts-other@example.com");
    const { body: a } = await create(agent, { symbol: "BTC", kind: "price_above", threshold: 300_000 });
    const { body: b } = await create(agent, { symbol: "BTC", kind: "price_above", threshold: 400_000 });
    expect((await patch(agent, a.id, { paused: true })).body).toMatchObject({ paused: true });
    expect((await patch(agent, a.id, { paused: false })).body).toMatchObject({ paused: false, armed: true });
    const edited = await patch(agent, a.id, { threshold: 350_000 });
    expect(edited.body).toMatchObject({ threshold: 350_000, description: "Price rises above $350,000.00" });
    const clash = await patch(agent, a.id, { threshold: 400_000 });
    expect(clash.status).toBe(409);
    expect((await patch(agent, a.id, { threshold: -1 })).body.error.message).toBe("The threshold must be greater than 0");
    expect((await patch(agent, a.id, { threshold: "x" })).status).toBe(400);
    expect((await patch(agent, a.id, {})).status).toBe(400);
    expect((await patch(other, a.id, { paused: true })).status).toBe(404);
    expect((await remove(other, a.id)).status).toBe(404);
    expect((await remove(agent, a.id)).body).toEqual({ success: true, id: a.id });
    expect((await remove(agent, a.id)).status).toBe(404);
    expect((await list(agent)).body.alerts.map((x) => x.id)).toEqual([b.id]);
    const { body: article } = await create(agent, { symbol: "BTC", kind: "new_article" });
    expect((await patch(agent, article.id, { threshold: 4 })).body.error.message).toBe("New-article alerts take no threshold");
  });
});

describe("notifications (the bell)", () => {
  it("lists the member's events newest first with the unread count, and marks some or all read", async () => {
    const agent = await member("bell@example.com");
    const other = await member("bell-other@example.com");
    const mine = await makeAlert(agent.id, { kind: "price_above", threshold: 10, coinId: "bell-coin", symbol: "BELL" });
    await makeAlert(agent.id, { kind: "price_below", threshold: 5, coinId: "bell-coin", symbol: "BELL" });
    await makeAlert(other.id, { kind: "price_above", threshold: 10, coinId: "bell-coin", symbol: "BELL" });
    expect((await agent.json<NotificationList>("/api/notifications")).body).toEqual({ items: [], unread: 0 });
    await evaluateTick(env.DB, [{ id: "bell-coin", price: 11, change24h: 0 }], Date.parse("2026-11-26T12:00:00Z"));
    await evaluateTick(env.DB, [{ id: "bell-coin", price: 4, change24h: 0 }], Date.parse("2026-11-26T12:00:30Z"));
    const { body } = await agent.json<NotificationList>("/api/notifications");
    expect(body.unread).toBe(2);
    expect(body.items.map((i) => i.title)).toEqual(["BELL fell below $5.00", "BELL rose above $10.00"]);
    expect(body.items[0]).toMatchObject({ href: "/coin/bell", asOf: "2026-11-26T12:00:30.000Z", read: false, kind: "price_below" });
    const theirs = (await other.json<NotificationList>("/api/notifications")).body;
    expect(theirs.unread).toBe(1);

    const post = (a: BrowserAgent, body: unknown) =>
      a.json<{ unread: number } & ErrorBody>("/api/notifications/read", {
        method: "POST",
        headers: JSON_HEADERS,
        body: JSON.stringify(body),
      });
    // Someone else's id changes nothing.
    expect((await post(agent, { ids: [theirs.items[0]?.id ?? 0] })).body).toEqual({ unread: 2 });
    expect((await post(agent, { ids: [body.items[1]?.id ?? 0] })).body).toEqual({ unread: 1 });
    expect((await post(agent, { all: true })).body).toEqual({ unread: 0 });
    expect((await other.json<NotificationList>("/api/notifications")).body.unread).toBe(1);
    expect((await post(agent, { ids: [] })).status).toBe(400);
    expect((await post(agent, { all: false })).status).toBe(400);
    expect((await agent.json<ErrorBody>("/api/notifications?limit=0")).status).toBe(400);
    expect(mine).toBeGreaterThan(0);
  });
});

describe("alert settings", () => {
  it("defaults to alert mails on and no digest; turning the digest on makes the first one due now", async () => {
    const agent = await member("settings@example.com");
    // Tests run as a local site: no cron fires by itself, and the answer says so.
    expect((await agent.json<AlertSettings>("/api/alerts/settings")).body).toEqual({
      alertMail: true,
      digest: "off",
      nextDigestAt: null,
      scheduledJobsRun: false,
    });
    const put = (body: unknown) =>
      agent.json<AlertSettings & ErrorBody>("/api/alerts/settings", { method: "PUT", headers: JSON_HEADERS, body: JSON.stringify(body) });
    const before = Date.now();
    const on = await put({ digest: "weekly" });
    expect(on.body.digest).toBe("weekly");
    expect(Date.parse(on.body.nextDigestAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
    expect((await put({ alertMail: false })).body).toMatchObject({ alertMail: false, digest: "weekly" });
    expect((await put({ digest: "off" })).body).toEqual({ alertMail: false, digest: "off", nextDigestAt: null, scheduledJobsRun: false });
    const bad = await put({ digest: "hourly" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("The digest must be off, daily or weekly");
    expect((await put({})).status).toBe(400);
  });
});

describe("whether scheduled jobs run", () => {
  it("only a deployed site fires crons: development and test runs say they do not, anything else counts as deployed", () => {
    expect(scheduledJobsRun({ APP_ENV: "development" })).toBe(false);
    expect(scheduledJobsRun({ APP_ENV: "test" })).toBe(false);
    expect(scheduledJobsRun({ APP_ENV: "production" })).toBe(true);
    expect(scheduledJobsRun({ APP_ENV: "staging" })).toBe(true);
  });
});
