import { z } from "zod";
import { logger } from "#worker/lib/log.ts";
import { invalid } from "#worker/lib/validate.ts";

const log = logger("billing");

/**
 * The Stripe events the webhook acts on, in the shapes it reads. A correct signature says who sent
 * an event, not that it has the fields the handler needs (`data: null`, an empty object, no
 * `created`): each is parsed here before anything reads it, so no signed body can become a 500
 * (docs/decisions/billing/webhook-event-shapes.md).
 */

// Only the fields the handler reads, in Stripe's names; everything else in an event is ignored.
const ref = z.union([z.string().min(1), z.object({ id: z.string().min(1) })]).transform((v) => (typeof v === "string" ? v : v.id));
const invoiceSchema = z.object({
  id: z.string().min(1),
  customer: ref,
  parent: z.object({ subscription_details: z.object({ subscription: ref }).nullish() }).nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ start: z.number().int(), end: z.number().int() }) })) }),
});
const subscriptionSchema = z.object({ id: z.string().min(1) });
const paymentIntentSchema = z.object({
  id: z.string().min(1),
  customer: ref.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

export type StripeInvoice = z.infer<typeof invoiceSchema>;
export type StripePaymentIntent = z.infer<typeof paymentIntentSchema>;

const subscriptionEvents = [
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
] as const;

function eventOf<T extends z.ZodType<string>, O extends z.ZodType>(type: T, object: O) {
  return z.object({ id: z.string().min(1), type, created: z.number().int().nonnegative(), data: z.object({ object }) });
}

const handledEvent = z.discriminatedUnion("type", [
  eventOf(z.literal("invoice.paid"), invoiceSchema),
  eventOf(z.enum(subscriptionEvents), subscriptionSchema),
  eventOf(z.literal("payment_intent.succeeded"), paymentIntentSchema),
]);
export type HandledEvent = z.infer<typeof handledEvent>;

/** Every type the handler acts on (the tests deliver each in a wrong shape). */
export const HANDLED_EVENT_TYPES: readonly string[] = ["invoice.paid", ...subscriptionEvents, "payment_intent.succeeded"];

/** What every event has, whatever its type: enough to tell a type we act on from one we don't. */
const envelope = z.object({ id: z.string().optional(), type: z.string().min(1) });

/** The 400 for a body this handler cannot read, with a log line saying which fields were wrong. */
function refuse(why: string, detail: Record<string, unknown>, error: z.ZodError): never {
  const err = invalid("event", error);
  log.warn("webhook event refused", { webhook: "refused", why, ...detail, issues: err.issues?.slice(0, 5) });
  throw err;
}

/**
 * The verified body as an event the handler acts on, or null for a type it does not (acknowledged and
 * ignored: Stripe sends whatever the endpoint subscribes to). A body that is no event at all, or a
 * handled type in a shape the handler cannot read, is a 400 naming the fields, and a log line.
 */
export function parseStripeEvent(body: unknown): HandledEvent | null {
  const head = envelope.safeParse(body);
  if (!head.success) return refuse("not an event", {}, head.error);
  const { id, type } = head.data;
  if (!HANDLED_EVENT_TYPES.includes(type)) {
    log.info("webhook event ignored", { webhook: "ignored", why: "unhandled type", event: id, type });
    return null;
  }
  const event = handledEvent.safeParse(body);
  // A shape this code cannot read: Stripe's API version changed under us, or the event is not Stripe's.
  if (!event.success) return refuse("unexpected shape", { event: id, type }, event.error);
  return event.data;
}
