import { PLANS } from "#schema/contracts/plans.ts";
import { randomToken } from "#worker/lib/crypto.ts";
import {
  CREDITS_PACK,
  CREDITS_PURPOSE,
  PAYMENTS_LISTED,
  type PaidTier,
  type PaymentRecord,
  type PaymentStart,
  PaymentsError,
  type PaymentsPort,
  type ProviderPayment,
  type ProviderSubscription,
} from "./payments.ts";

/**
 * Signs the local test checkout's events. It is public (it is in this repository), so the webhook
 * accepts it only where the local test checkout is the payments adapter (no Stripe key, not production).
 */
export const LOCAL_WEBHOOK_SECRET = "whsec_coinsight_local";

/** The card outcomes the local test checkout offers. */
export type TestOutcome = "succeed" | "decline";

/** A Stripe-format event (the fields the webhook reads, in Stripe's names). */
export type LocalEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: Record<string, unknown> };
};

type SubscriptionRecord = {
  kind: "subscription";
  id: string;
  customerId: string;
  userId: string;
  tier: PaidTier;
  status: string;
  periodStart: number | null;
  periodEnd: number | null;
  clientSecret: string;
  /** Cancelled in the local test portal to end with the current period. */
  cancelAtPeriodEnd?: boolean;
};
type CreditsRecord = { kind: "credits"; id: string; customerId: string; userId: string; status: string; clientSecret: string };
type LocalRecord = SubscriptionRecord | CreditsRecord;

const PREFIX = "payments:local:";
// Abandoned checkouts disappear after a week; paid subscriptions are rewritten at every change.
const TTL_SECONDS = 7 * 24 * 3600;
const API_VERSION = "2026-10-28.endive";

const logKey = (customerId: string) => `${PREFIX}log:${customerId}`;

export const localPriceId = (tier: PaidTier) => `price_local_${tier}`;
const unix = () => Math.floor(Date.now() / 1000);
const iso = (s: number | null) => (s === null ? null : new Date(s * 1000).toISOString());

/** One calendar month later in UTC (the 31st rolls to the month's last day, as Stripe bills). */
function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

function localEvent(type: string, object: Record<string, unknown>): LocalEvent {
  return {
    id: `evt_local_${randomToken(12)}`,
    object: "event",
    api_version: API_VERSION,
    created: unix(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function subscriptionObject(r: SubscriptionRecord): Record<string, unknown> {
  return {
    id: r.id,
    object: "subscription",
    customer: r.customerId,
    status: r.status,
    cancel_at_period_end: r.cancelAtPeriodEnd === true,
    cancel_at: r.cancelAtPeriodEnd ? r.periodEnd : null,
    livemode: false,
    metadata: { userId: r.userId, tier: r.tier },
    items: {
      object: "list",
      data: [
        {
          id: `si_${r.id.slice(4)}`,
          object: "subscription_item",
          price: { id: localPriceId(r.tier), object: "price", currency: "usd" },
          current_period_start: r.periodStart,
          current_period_end: r.periodEnd,
        },
      ],
    },
  };
}

/**
 * The offline adapter: a local stand-in for Stripe that keeps its objects in KV and, when the
 * member presses Pay in the local test checkout, answers the events Stripe would send. No card is
 * charged and nothing leaves the machine; the webhook applies the events exactly as live ones.
 */
export function createOfflinePayments(kv: KVNamespace) {
  const read = (id: string) => kv.get<LocalRecord>(`${PREFIX}${id}`, "json");
  const write = (r: LocalRecord) => kv.put(`${PREFIX}${r.id}`, JSON.stringify(r), { expirationTtl: TTL_SECONDS });

  async function start(record: LocalRecord): Promise<PaymentStart> {
    await write(record);
    await kv.put(`${PREFIX}secret:${record.clientSecret}`, record.id, { expirationTtl: TTL_SECONDS });
    return { id: record.id, clientSecret: record.clientSecret };
  }

  const port: PaymentsPort = {
    mode: "test",
    // One customer per member, derived from the member id: no store needed and never two.
    createCustomer: async ({ userId }) => `cus_local_${userId.replace(/[^A-Za-z0-9]/g, "").slice(0, 40)}`,

    startSubscription: ({ customerId, userId, tier }) => {
      const id = `sub_local_${randomToken(12)}`;
      return start({
        kind: "subscription",
        id,
        customerId,
        userId,
        tier,
        status: "incomplete",
        periodStart: null,
        periodEnd: null,
        clientSecret: `pi_local_${randomToken(12)}_secret_${randomToken(12)}`,
      });
    },

    startCreditsPayment: ({ customerId, userId }) => {
      const id = `pi_local_${randomToken(12)}`;
      return start({
        kind: "credits",
        id,
        customerId,
        userId,
        status: "requires_payment_method",
        clientSecret: `${id}_secret_${randomToken(12)}`,
      });
    },

    getSubscription: async (id): Promise<ProviderSubscription | null> => {
      const r = await read(id);
      if (r?.kind !== "subscription") return null;
      return {
        id: r.id,
        customerId: r.customerId,
        status: r.status,
        tier: r.tier,
        periodStart: iso(r.periodStart),
        periodEnd: iso(r.periodEnd),
        cancelAt: r.cancelAtPeriodEnd ? iso(r.periodEnd) : null,
      };
    },

    // The checkout's own record: a payment exists and succeeded only once Pay was pressed here.
    getPayment: async (id): Promise<ProviderPayment | null> => {
      const r = await read(id);
      if (r?.kind !== "credits") return null;
      return {
        id: r.id,
        customerId: r.customerId,
        status: r.status,
        amountCents: CREDITS_PACK.amountCents,
        amountReceivedCents: r.status === "succeeded" ? CREDITS_PACK.amountCents : 0,
        currency: CREDITS_PACK.currency,
        purpose: CREDITS_PURPOSE,
      };
    },

    createPortalSession: async () => "/api/billing/test-portal",

    listPayments: async (customerId) => (await kv.get<PaymentRecord[]>(logKey(customerId), "json")) ?? [],
  };

  /** Changes a paid subscription as the test portal does, and answers the event Stripe would send. */
  async function change(subscriptionId: string, customerId: string, patch: Partial<SubscriptionRecord>): Promise<LocalEvent[]> {
    const r = await read(subscriptionId);
    if (r?.kind !== "subscription" || r.customerId !== customerId || r.status !== "active") return [];
    const changed: SubscriptionRecord = { ...r, ...patch };
    await write(changed);
    return [localEvent("customer.subscription.updated", subscriptionObject(changed))];
  }

  return {
    ...port,

    /** The record behind a client secret, for the member who owns it. */
    async findByClientSecret(clientSecret: string, customerId: string): Promise<LocalRecord | null> {
      const id = await kv.get(`${PREFIX}secret:${clientSecret}`);
      const record = id ? await read(id) : null;
      return record && record.customerId === customerId && record.clientSecret === clientSecret ? record : null;
    },

    /** Pay in the test checkout: the provider-side change, then the events Stripe would send for it. */
    async pay(record: LocalRecord, outcome: TestOutcome): Promise<LocalEvent[]> {
      if (outcome === "decline") throw new PaymentsError("Your card was declined. (Test payment: no card is charged.)", 402);
      if (record.kind === "credits") {
        if (record.status === "succeeded") throw new PaymentsError("This payment has already been completed.", 409);
        await write({ ...record, status: "succeeded" });
        const pi = {
          id: record.id,
          object: "payment_intent",
          amount: CREDITS_PACK.amountCents,
          amount_received: CREDITS_PACK.amountCents,
          currency: CREDITS_PACK.currency,
          customer: record.customerId,
          status: "succeeded",
          livemode: false,
          metadata: { purpose: CREDITS_PURPOSE, userId: record.userId, credits: String(CREDITS_PACK.credits) },
        };
        return [localEvent("payment_intent.succeeded", pi)];
      }
      if (record.status !== "incomplete") throw new PaymentsError("This subscription has already been paid.", 409);
      const start = unix();
      const paid: SubscriptionRecord = { ...record, status: "active", periodStart: start, periodEnd: addMonth(start) };
      await write(paid);
      const invoice = {
        id: `in_local_${randomToken(12)}`,
        object: "invoice",
        customer: record.customerId,
        status: "paid",
        currency: "usd",
        billing_reason: "subscription_create",
        livemode: false,
        parent: { type: "subscription_details", subscription_details: { subscription: record.id, metadata: { userId: record.userId } } },
        lines: {
          object: "list",
          data: [
            {
              id: `il_local_${randomToken(8)}`,
              object: "line_item",
              period: { start: paid.periodStart, end: paid.periodEnd },
              pricing: { type: "price_details", price_details: { price: localPriceId(record.tier) } },
              parent: { type: "subscription_item_details", subscription_item_details: { subscription: record.id } },
            },
          ],
        },
      };
      return [localEvent("invoice.paid", invoice), localEvent("customer.subscription.updated", subscriptionObject(paid))];
    },

    /**
     * The local checkout's record of a completed payment, kept (without expiry) for the account
     * page's payment list, as Stripe keeps invoices and payment intents.
     */
    async logPayment(record: LocalRecord): Promise<void> {
      const payment: PaymentRecord =
        record.kind === "credits"
          ? {
              id: record.id,
              paidAt: new Date().toISOString(),
              kind: "credits",
              tier: null,
              amountCents: CREDITS_PACK.amountCents,
              currency: "usd",
            }
          : {
              id: `in_local_${record.id.slice(10)}_${unix()}`,
              paidAt: new Date().toISOString(),
              kind: "subscription",
              tier: record.tier,
              amountCents: Math.round(PLANS[record.tier].priceMonthly * 100),
              currency: "usd",
            };
      const log = await port.listPayments(record.customerId);
      await kv.put(logKey(record.customerId), JSON.stringify([payment, ...log].slice(0, PAYMENTS_LISTED)));
    },

    /** Cancel at the period's end (Stripe's portal default): the plan stays until then. */
    cancelAtPeriodEnd: (subscriptionId: string, customerId: string) => change(subscriptionId, customerId, { cancelAtPeriodEnd: true }),

    /** Undo a cancellation at the period's end. */
    resume: (subscriptionId: string, customerId: string) => change(subscriptionId, customerId, { cancelAtPeriodEnd: false }),

    /** A plan change in the portal: the new plan applies now, for the rest of the period. */
    changePlan: (subscriptionId: string, customerId: string, tier: PaidTier) => change(subscriptionId, customerId, { tier }),

    /** Cancel in the local test portal: the subscription ends now, as Stripe's immediate cancel does. */
    async cancel(subscriptionId: string, customerId: string): Promise<LocalEvent[]> {
      const r = await read(subscriptionId);
      if (r?.kind !== "subscription" || r.customerId !== customerId || r.status === "canceled") return [];
      const canceled: SubscriptionRecord = { ...r, status: "canceled" };
      await write(canceled);
      return [localEvent("customer.subscription.deleted", subscriptionObject(canceled))];
    },
  };
}

export type OfflinePayments = ReturnType<typeof createOfflinePayments>;
