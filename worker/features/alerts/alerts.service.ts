import { and, asc, count, eq, sql } from "drizzle-orm";
import { ALERT_LIMITS, ALERT_MAILS_PER_DAY, type AlertKind, priceWindowProblem, thresholdProblem } from "#schema/contracts/alert-rules.ts";
import type { Alert, AlertList, CreateAlertBody, UpdateAlertBody } from "#schema/contracts/alerts.ts";
import type { AuthUser, Tier } from "#schema/contracts/auth.ts";
import { PLANS } from "#schema/contracts/plans.ts";
import { tiers } from "#schema/db/accounts.ts";
import { alerts } from "#schema/db/alerts.ts";
import { subscriptionOf } from "#worker/features/account/index.ts";
import { currentSnapshot, findBySymbol, readSnapshot } from "#worker/features/cryptos/index.ts";
import { constraintFailure, type Db } from "#worker/lib/db.ts";
import type { RuntimeDeps } from "#worker/lib/deps.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { describeAlert, waitingText } from "./describe.ts";
import { startsArmed } from "./evaluate.ts";
import { TICK_KINDS, type TickKind } from "./tick-sql.ts";

type Row = typeof alerts.$inferSelect;
export type AlertPlan = { tier: Tier; name: string; limit: number };

const planInfo = (tier: Tier): AlertPlan => ({ tier, name: PLANS[tier].name, limit: ALERT_LIMITS[tier] });

/** The plan whose limit applies: admins get Pro's, a paid plan counts while it is active (docs/decisions/alerts/plan-limits.md). */
export async function alertPlanOf(db: Db, user: Pick<AuthUser, "id" | "role">): Promise<AlertPlan> {
  if (user.role === "admin") return planInfo("pro");
  const sub = await subscriptionOf(db, user.id);
  return planInfo(sub.status === "active" ? sub.tier : "free");
}

/** The coin's figures now, as the price snapshot has them (null: no snapshot, or the coin is not in it). */
type Now = { priceUsd: number; change24h: number | null } | null | undefined;

const isTickKind = (kind: AlertKind): kind is TickKind => (TICK_KINDS as AlertKind[]).includes(kind);

/** Only an active, disarmed price or move alert waits; a firing newer than the last change is what disarmed it. */
function waitingOf(row: Row, now: Now): Alert["waiting"] {
  if (row.armed || row.paused || !isTickKind(row.kind)) return null;
  const fired = row.lastFiredAt !== null && row.lastFiredAt >= row.updatedAt;
  const figures = now ? { price: now.priceUsd, change24h: now.change24h } : null;
  return waitingText({ kind: row.kind, symbol: row.symbol, threshold: row.threshold, fired }, figures);
}

/** The coin's figures now for an alert that waits (the snapshot as it is, no refresh); undefined otherwise. */
async function figuresNow(deps: RuntimeDeps, row: Row): Promise<Now> {
  if (row.armed || row.paused) return undefined;
  return (await readSnapshot(deps.env.KV).catch(() => null))?.coins.find((c) => c.id === row.coinId);
}

function toAlert(row: Row, now?: Now): Alert {
  return {
    id: row.id,
    symbol: row.symbol,
    coinName: row.coinName,
    kind: row.kind,
    threshold: row.kind === "new_article" ? null : row.threshold,
    description: describeAlert(row.kind, row.threshold),
    paused: row.paused,
    armed: row.armed,
    waiting: waitingOf(row, now),
    lastFiredAt: row.lastFiredAt,
    createdAt: row.createdAt,
  };
}

/**
 * The member's alerts, a waiting one with its coin's figure now: read from the snapshot as it is (no
 * refresh for a list), and left out when there is none.
 */
export async function listAlerts(deps: RuntimeDeps, db: Db, user: Pick<AuthUser, "id" | "role">): Promise<AlertList> {
  const [rows, plan] = await Promise.all([
    db.select().from(alerts).where(eq(alerts.userId, user.id)).orderBy(asc(alerts.symbol), asc(alerts.id)),
    alertPlanOf(db, user),
  ]);
  const snapshot = rows.some((r) => !r.armed) ? await readSnapshot(deps.env.KV).catch(() => null) : null;
  const coins = new Map((snapshot?.coins ?? []).map((c) => [c.id, c]));
  return {
    alerts: rows.map((row) => toAlert(row, coins.get(row.coinId))),
    usage: { used: rows.length, limit: plan.limit, plan: plan.name },
    plans: tiers.map(planInfo),
    mailsPerDay: ALERT_MAILS_PER_DAY,
  };
}

/** Over the limit: 402 naming the smallest plan that holds more, or 409 on the largest plan. */
function overLimit(plan: AlertPlan): ApiError {
  const better = tiers.map(planInfo).find((p) => p.limit > plan.limit);
  if (!better) {
    return new ApiError("CONFLICT", `You have ${plan.limit} alerts, the most any plan allows. Delete an alert to add another.`);
  }
  return new ApiError(
    "PAYMENT_REQUIRED",
    `Your ${plan.name} plan allows ${plan.limit} alerts. The ${better.name} plan allows ${better.limit}: upgrade on /subscribe, or delete an alert to add another.`,
  );
}

/** A threshold refused after the body's own checks (those need the alert's kind or the coin's price). */
function badThreshold(problem: string | null): void {
  if (problem) throw new ApiError("BAD_REQUEST", problem, { issues: [{ path: "threshold", message: problem }] });
}

function duplicate(symbol: string, kind: AlertKind, threshold: number): ApiError {
  return new ApiError("CONFLICT", `You already have this alert on ${symbol}: ${describeAlert(kind, threshold)}.`);
}

/**
 * Adds an alert on a coin the site tracks. The plan's limit is checked in the same statement as the
 * insert (as the watchlist's cap), so concurrent adds cannot pass it; an identical alert is refused.
 */
export async function createAlert(deps: RuntimeDeps, db: Db, user: Pick<AuthUser, "id" | "role">, body: CreateAlertBody): Promise<Alert> {
  const coin = await findBySymbol(deps, body.symbol);
  const threshold = body.kind === "new_article" ? 0 : (body.threshold ?? 0);
  badThreshold(priceWindowProblem(body.kind, threshold, coin));
  const plan = await alertPlanOf(db, user);
  const armed = startsArmed(body.kind, threshold, coin);
  const [created] = await db.all<{ id: number }>(sql`
    INSERT INTO ${alerts} (user_id, coin_id, symbol, coin_name, kind, threshold, armed)
    SELECT ${user.id}, ${coin.id}, ${coin.symbol}, ${coin.name}, ${body.kind}, ${threshold}, ${armed ? 1 : 0}
    WHERE (SELECT count(*) FROM ${alerts} WHERE user_id = ${user.id}) < ${plan.limit}
    ON CONFLICT (user_id, coin_id, kind, threshold) DO NOTHING
    RETURNING id`);
  if (created) return toAlert(await own(db, user.id, created.id), coin);
  const [same] = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.userId, user.id), eq(alerts.coinId, coin.id), eq(alerts.kind, body.kind), eq(alerts.threshold, threshold)));
  if (same) throw duplicate(coin.symbol, body.kind, threshold);
  throw overLimit(plan);
}

async function own(db: Db, userId: string, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)));
  if (!row) throw new ApiError("NOT_FOUND", "Alert not found");
  return row;
}

/**
 * A new threshold, pause or resume. A new threshold, or resuming, arms the alert again only if its
 * condition does not already hold (the next firing is a crossing, never the state it was left in).
 */
export async function updateAlert(deps: RuntimeDeps, db: Db, userId: string, id: number, body: UpdateAlertBody): Promise<Alert> {
  const row = await own(db, userId, id);
  const threshold = body.threshold ?? row.threshold;
  if (body.threshold !== undefined) badThreshold(thresholdProblem(row.kind, body.threshold));
  const paused = body.paused ?? row.paused;
  // Nothing to change: the row, and its update time (which tells a firing from a change), stay as they are.
  if (threshold === row.threshold && paused === row.paused) return toAlert(row, await figuresNow(deps, row));
  const rearm = threshold !== row.threshold || (row.paused && !paused);
  let armed = row.armed;
  let coin: Now;
  if (rearm) {
    coin = (await currentSnapshot(deps)).coins.find((c) => c.id === row.coinId);
    if (coin && threshold !== row.threshold)
      badThreshold(priceWindowProblem(row.kind, threshold, { symbol: row.symbol, priceUsd: coin.priceUsd }));
    armed = coin ? startsArmed(row.kind, threshold, coin) : true;
  }
  if (threshold !== row.threshold) {
    const [clash] = await db
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.userId, userId), eq(alerts.coinId, row.coinId), eq(alerts.kind, row.kind), eq(alerts.threshold, threshold)));
    if ((clash?.n ?? 0) > 0) throw duplicate(row.symbol, row.kind, threshold);
  }
  try {
    await db
      .update(alerts)
      .set({ threshold, paused, armed, updatedAt: new Date().toISOString() })
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)));
  } catch (err) {
    // Two edits racing to the same threshold: the unique index has the last word.
    if (constraintFailure(err)?.kind === "unique") throw duplicate(row.symbol, row.kind, threshold);
    throw err;
  }
  const updated = await own(db, userId, id);
  return toAlert(updated, coin ?? (await figuresNow(deps, updated)));
}

export async function deleteAlert(db: Db, userId: string, id: number): Promise<{ success: true; id: number }> {
  const result = await db.delete(alerts).where(and(eq(alerts.id, id), eq(alerts.userId, userId)));
  if ((result.meta.changes ?? 0) === 0) throw new ApiError("NOT_FOUND", "Alert not found");
  return { success: true, id };
}
