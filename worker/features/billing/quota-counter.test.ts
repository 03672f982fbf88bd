import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RESERVATION_TTL_MS } from "#schema/contracts/quota.ts";
import { type QuotaCounter, quotaCounter } from "./quota-counter.ts";

let n = 0;
/** A member row in D1 (the mirror needs it), optionally with a subscription row that predates the object. */
async function newMember(sub?: { tier: string; status?: string; trial?: number; count?: number; limit?: number; credits?: number }) {
  n += 1;
  const id = `quota-member-${n}-${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO users (id, email, identity_issuer, identity_subject) VALUES (?, ?, 'offline', ?)")
    .bind(id, `quota${n}-${id.slice(-6)}@example.com`, id)
    .run();
  if (sub) {
    await env.DB.prepare(
      `INSERT INTO subscriptions (user_id, tier, status, trial_queries_remaining, query_count, query_limit, credits, period_start, period_end)
       VALUES (?, ?, ?, ?, ?, ?, ?, '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z')`,
    )
      .bind(id, sub.tier, sub.status ?? "active", sub.trial ?? 0, sub.count ?? 0, sub.limit ?? 0, sub.credits ?? 0)
      .run();
  }
  return { id, stub: quotaCounter(env, id) };
}

async function d1Row(userId: string) {
  return env.DB.prepare(
    `SELECT tier, status, trial_queries_remaining AS trialQueriesRemaining, query_count AS queryCount, query_limit AS queryLimit,
       credits, complimentary, period_start AS periodStart, period_end AS periodEnd FROM subscriptions WHERE user_id = ?`,
  )
    .bind(userId)
    .first<{ complimentary: number }>()
    .then((row) => (row ? { ...row, complimentary: row.complimentary === 1 } : row));
}

describe("QuotaCounter", () => {
  it("starts a new member on the free tier with 2 trial queries and writes the D1 row", async () => {
    const { id, stub } = await newMember();
    const state = await stub.state(id);
    expect(state).toEqual({
      tier: "free",
      status: "active",
      trialQueriesRemaining: 2,
      queryCount: 0,
      queryLimit: 0,
      credits: 0,
      complimentary: false,
      periodStart: null,
      periodEnd: null,
    });
    expect(await d1Row(id)).toEqual(state);
  });

  it("loads a member that predates it from their D1 row", async () => {
    const { id, stub } = await newMember({ tier: "basic", count: 7, limit: 30, credits: 3 });
    expect(await stub.state(id)).toMatchObject({
      tier: "basic",
      queryCount: 7,
      queryLimit: 30,
      credits: 3,
      periodStart: "2026-11-01T00:00:00.000Z",
    });
  });

  it("spends the monthly allowance, then credits, then refuses with limit_reached", async () => {
    const { id, stub } = await newMember({ tier: "lite", count: 14, limit: 15, credits: 1 });
    const a = await stub.reserve(id);
    expect(a).toMatchObject({ ok: true, source: "monthly", state: { queryCount: 15, credits: 1 } });
    const b = await stub.reserve(id);
    expect(b).toMatchObject({ ok: true, source: "credits", state: { queryCount: 15, credits: 0 } });
    expect(await stub.reserve(id)).toMatchObject({ ok: false, reason: "limit_reached" });
    expect(await d1Row(id)).toMatchObject({ queryCount: 15, credits: 0 });
  });

  it("spends a free member's two trial queries, never renewed", async () => {
    const { id, stub } = await newMember();
    expect(await stub.reserve(id)).toMatchObject({ ok: true, source: "trial", state: { trialQueriesRemaining: 1 } });
    expect(await stub.reserve(id)).toMatchObject({ ok: true, source: "trial", state: { trialQueriesRemaining: 0 } });
    expect(await stub.reserve(id)).toMatchObject({ ok: false, reason: "limit_reached" });
  });

  it("refuses an inactive paid plan, and credits without an active paid plan", async () => {
    const pastDue = await newMember({ tier: "pro", status: "past_due", limit: 80, credits: 5 });
    expect(await pastDue.stub.reserve(pastDue.id)).toMatchObject({ ok: false, reason: "inactive" });
    const freeWithCredits = await newMember({ tier: "free", credits: 5 });
    expect(await freeWithCredits.stub.reserve(freeWithCredits.id)).toMatchObject({ ok: false, reason: "plan_required" });
  });

  it("commit keeps the unit; release gives it back once; neither acts on unknown ids", async () => {
    const { id, stub } = await newMember({ tier: "basic", count: 0, limit: 30, credits: 1 });
    const kept = await stub.reserve(id);
    if (!kept.ok) throw new Error("expected a reservation");
    expect((await stub.commit(id, kept.reservationId)).queryCount).toBe(1);
    expect((await stub.release(id, kept.reservationId)).queryCount).toBe(1);

    const failed = await stub.reserve(id);
    if (!failed.ok) throw new Error("expected a reservation");
    expect(failed.state.queryCount).toBe(2);
    expect((await stub.release(id, failed.reservationId)).queryCount).toBe(1);
    expect((await stub.release(id, failed.reservationId)).queryCount).toBe(1);
    expect((await stub.release(id, "no-such-reservation")).queryCount).toBe(1);
    expect(await d1Row(id)).toMatchObject({ queryCount: 1 });
  });

  it("gives a credit or trial unit back to where it came from", async () => {
    const paid = await newMember({ tier: "basic", count: 30, limit: 30, credits: 2 });
    const r = await paid.stub.reserve(paid.id);
    if (!r.ok) throw new Error("expected a reservation");
    expect(r).toMatchObject({ source: "credits", state: { credits: 1 } });
    expect(await paid.stub.release(paid.id, r.reservationId)).toMatchObject({ credits: 2, queryCount: 30 });

    const free = await newMember();
    const t = await free.stub.reserve(free.id);
    if (!t.ok) throw new Error("expected a reservation");
    expect((await free.stub.release(free.id, t.reservationId)).trialQueriesRemaining).toBe(2);
  });

  it.each([0, 1, 17, 30])("50 simultaneous asks with %i units left give exactly that many successes, and D1 agrees", async (k) => {
    const { id, stub } = await newMember({ tier: "basic", count: 30 - k, limit: 30 });
    const results = await Promise.all(Array.from({ length: 50 }, () => stub.reserve(id)));
    expect(results.filter((r) => r.ok)).toHaveLength(k);
    expect(results.filter((r) => !r.ok && r.reason === "limit_reached")).toHaveLength(50 - k);
    expect(new Set(results.flatMap((r) => (r.ok ? [r.reservationId] : []))).size).toBe(k);
    const state = await stub.state(id);
    expect(state.queryCount).toBe(30);
    expect(await d1Row(id)).toEqual(state);
  });

  it("50 simultaneous asks across monthly, credits and a release in flight stay exact", async () => {
    const { id, stub } = await newMember({ tier: "lite", count: 10, limit: 15, credits: 4 });
    const results = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const r = await stub.reserve(id);
        if (r.ok && r.source === "credits") await stub.release(id, r.reservationId);
        return r;
      }),
    );
    // 5 monthly units are spent for good; the credits reserved are all given back, so others may take them.
    expect(results.filter((r) => r.ok && r.source === "monthly")).toHaveLength(5);
    const state = await stub.state(id);
    expect(state).toMatchObject({ queryCount: 15, credits: 4 });
    expect(await d1Row(id)).toEqual(state);
  });

  it("gives back a reservation left open for 2 minutes when its alarm fires", async () => {
    const { id, stub } = await newMember({ tier: "pro", count: 79, limit: 80 });
    const r = await stub.reserve(id);
    if (!r.ok) throw new Error("expected a reservation");
    const alarm = await runInDurableObject(stub, (_o: QuotaCounter, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect((alarm ?? 0) - Date.now()).toBeGreaterThan(RESERVATION_TTL_MS - 5_000);
    expect((alarm ?? 0) - Date.now()).toBeLessThanOrEqual(RESERVATION_TTL_MS);

    // Not yet expired: the alarm keeps it.
    await runDurableObjectAlarm(stub);
    expect((await stub.state(id)).queryCount).toBe(80);

    // Two minutes later (moved back in storage rather than waited for).
    await runInDurableObject(stub, (_o: QuotaCounter, state) => {
      state.storage.sql.exec("UPDATE reservations SET expires_at = ?", Date.now() - 1);
    });
    await runInDurableObject(stub, (_o: QuotaCounter, state) => state.storage.setAlarm(Date.now() - 1));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await stub.state(id)).queryCount).toBe(79);
    expect(await d1Row(id)).toMatchObject({ queryCount: 79 });
    // A late commit of the expired reservation does not take the unit again.
    expect((await stub.commit(id, r.reservationId)).queryCount).toBe(79);
  });

  it("applyPaidPeriod: tier and allowance, count reset only for a new period, idempotent per key, credits kept", async () => {
    const { id, stub } = await newMember();
    await stub.addCredits(id, { key: "cs_1", amount: 10 });
    const p1 = { tier: "basic" as const, periodStart: "2026-11-05T00:00:00.000Z", periodEnd: "2026-12-05T00:00:00.000Z" };
    expect(await stub.applyPaidPeriod(id, { key: "in_1", ...p1 })).toMatchObject({
      tier: "basic",
      status: "active",
      queryLimit: 30,
      queryCount: 0,
      credits: 10,
      periodStart: p1.periodStart,
    });
    for (let i = 0; i < 3; i++) {
      const r = await stub.reserve(id);
      if (r.ok) await stub.commit(id, r.reservationId);
    }
    // The same event again, and another event for the same period: no reset.
    expect((await stub.applyPaidPeriod(id, { key: "in_1", ...p1 })).queryCount).toBe(3);
    expect((await stub.applyPaidPeriod(id, { key: "in_1b", ...p1, tier: "pro" })).queryCount).toBe(3);
    expect((await stub.state(id)).queryLimit).toBe(80);
    // The next month starts from zero; a late event for the old month changes nothing.
    const p2 = { tier: "pro" as const, periodStart: "2026-12-05T00:00:00.000Z", periodEnd: "2027-01-05T00:00:00.000Z" };
    expect(await stub.applyPaidPeriod(id, { key: "in_2", ...p2 })).toMatchObject({ queryCount: 0, periodStart: p2.periodStart });
    expect(await stub.applyPaidPeriod(id, { key: "in_old", ...p1, tier: "lite" })).toMatchObject({
      tier: "pro",
      periodStart: p2.periodStart,
    });
    expect(await d1Row(id)).toMatchObject({ tier: "pro", queryLimit: 80, queryCount: 0, credits: 10, periodStart: p2.periodStart });
  });

  it("setPlanStatus: past_due blocks, deletion returns to free (active, no allowance) keeping credits; idempotent", async () => {
    const { id, stub } = await newMember({ tier: "basic", count: 4, limit: 30, credits: 2 });
    expect(
      await stub.setPlanStatus(id, { key: "evt_1", tier: "basic", status: "past_due", periodEnd: "2026-12-01T00:00:00.000Z" }),
    ).toMatchObject({
      status: "past_due",
    });
    expect(await stub.reserve(id)).toMatchObject({ ok: false, reason: "inactive" });
    const free = await stub.setPlanStatus(id, { key: "evt_2", tier: "free", status: "canceled", periodEnd: null });
    expect(free).toMatchObject({ tier: "free", status: "active", queryLimit: 0, credits: 2, periodEnd: null });
    // Replaying the first event does not bring past_due back.
    expect(await stub.setPlanStatus(id, { key: "evt_1", tier: "basic", status: "past_due", periodEnd: null })).toEqual(free);
    expect(await d1Row(id)).toEqual(free);
  });

  it("addCredits is idempotent per key and refuses a non-positive amount", async () => {
    const { id, stub } = await newMember({ tier: "basic", limit: 30 });
    expect((await stub.addCredits(id, { key: "pi_1", amount: 10 })).credits).toBe(10);
    expect((await stub.addCredits(id, { key: "pi_1", amount: 10 })).credits).toBe(10);
    expect((await stub.addCredits(id, { key: "pi_2", amount: 10 })).credits).toBe(20);
    const refused = await stub.addCredits(id, { key: "pi_3", amount: -5 }).then(
      () => null,
      (e: Error) => e,
    );
    expect(refused?.message).toMatch(/positive integer/);
    expect(await d1Row(id)).toMatchObject({ credits: 20 });
  });

  it("refuses to act for another member than the one it belongs to", async () => {
    const { id, stub } = await newMember();
    await stub.state(id);
    const refused = await stub.reserve("someone-else").then(
      () => null,
      (e: Error) => e,
    );
    expect(refused?.message).toMatch(/was called for someone-else/);
  });

  it("the premium role's complimentary Pro allowance: granted over free, renewed each UTC month, taken back to the trial left", async () => {
    const { id, stub } = await newMember();
    const spent = await stub.reserve(id);
    if (spent.ok) await stub.commit(id, spent.reservationId);
    const now = Date.parse("2026-11-14T10:00:00Z");
    const granted = await stub.state(id, { complimentary: true, now });
    expect(granted).toMatchObject({
      tier: "pro",
      status: "active",
      complimentary: true,
      queryLimit: 80,
      queryCount: 0,
      trialQueriesRemaining: 1,
      periodStart: "2026-11-01T00:00:00.000Z",
      periodEnd: "2026-12-01T00:00:00.000Z",
    });
    expect(await d1Row(id)).toMatchObject({ tier: "pro", complimentary: true, queryLimit: 80 });
    const r = await stub.reserve(id, { complimentary: true, now });
    expect(r).toMatchObject({ ok: true, source: "monthly", state: { queryCount: 1 } });
    // Asking again with the role still premium changes nothing; a new month starts from zero.
    expect(await stub.state(id, { complimentary: true, now })).toMatchObject({ queryCount: 1 });
    expect(await stub.state(id, { complimentary: true, now: Date.parse("2026-12-02T00:00:00Z") })).toMatchObject({
      queryCount: 0,
      periodStart: "2026-12-01T00:00:00.000Z",
      periodEnd: "2027-01-01T00:00:00.000Z",
    });
    const revoked = await stub.state(id, { complimentary: false });
    expect(revoked).toMatchObject({ tier: "free", complimentary: false, queryLimit: 0, trialQueriesRemaining: 1, periodEnd: null });
    expect(await d1Row(id)).toMatchObject({ tier: "free", complimentary: false });
  });

  it("a paying member keeps their paid plan when made premium; a payment replaces a complimentary plan", async () => {
    const { id, stub } = await newMember({ tier: "basic", count: 4, limit: 30 });
    expect(await stub.state(id, { complimentary: true })).toMatchObject({ tier: "basic", complimentary: false, queryCount: 4 });
    const other = await newMember();
    await other.stub.state(other.id, { complimentary: true, now: Date.parse("2026-11-14T10:00:00Z") });
    const paid = await other.stub.applyPaidPeriod(other.id, {
      key: "in_comp",
      tier: "lite",
      periodStart: "2026-11-20T00:00:00.000Z",
      periodEnd: "2026-12-20T00:00:00.000Z",
    });
    expect(paid).toMatchObject({ tier: "lite", complimentary: false, queryLimit: 15, queryCount: 0 });
    // With the plan paid, losing the role changes nothing.
    expect(await other.stub.state(other.id, { complimentary: false })).toMatchObject({ tier: "lite" });
  });
});
