import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { CREDITS_PURPOSE } from "#worker/ports/payments/payments.ts";
import { HANDLED_EVENT_TYPES } from "./stripe-events.ts";
import { deliver, stripeEvent } from "./test-support.ts";

/** A well-formed object for each handled type, about a customer and subscription nobody has. */
function objectOf(type: string): Record<string, unknown> {
  if (type === "invoice.paid")
    return {
      id: "in_shape",
      object: "invoice",
      customer: "cus_shape_nobody",
      parent: { type: "subscription_details", subscription_details: { subscription: "sub_shape_nobody" } },
      lines: { object: "list", data: [{ period: { start: 1_700_000_000, end: 1_702_592_000 } }] },
    };
  if (type === "payment_intent.succeeded")
    return { id: "pi_shape_nobody", object: "payment_intent", customer: "cus_shape_nobody", metadata: { purpose: CREDITS_PURPOSE } };
  return { id: "sub_shape_nobody", object: "subscription", status: "active" };
}

const recorded = async (id: string) => (await env.DB.prepare("SELECT 1 FROM stripe_events WHERE id = ?1").bind(id).first()) !== null;

/** A console method's JSON lines, parsed. */
const linesOf = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>);
/** The webhook's log lines that refused an event. */
const refusals = (spy: { mock: { calls: unknown[][] } }) => linesOf(spy).filter((line) => line.webhook === "refused");

afterEach(() => vi.restoreAllMocks());

describe("a signed Stripe event in a shape the handler cannot read", () => {
  const wrong: [string, (event: ReturnType<typeof stripeEvent>) => unknown, string][] = [
    ["data: null", (e) => ({ ...e, data: null }), "data"],
    ["an empty data.object", (e) => ({ ...e, data: { object: {} } }), "data.object.id"],
    ["no data", ({ data: _, ...e }) => e, "data"],
    ["no created", ({ created: _, ...e }) => e, "created"],
    ["created as text", (e) => ({ ...e, created: "yesterday" }), "created"],
  ];

  describe.each(HANDLED_EVENT_TYPES)("%s", (type) => {
    it("is applied when well formed (the fixture is right)", async () => {
      const res = await deliver(stripeEvent(type, objectOf(type)));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, duplicate: false, applied: false });
    });

    it.each(wrong)("with %s answers 400 naming the field, logs it, and records nothing", async (_, change, path) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const event = stripeEvent(type, objectOf(type));
      const res = await deliver(change(event));
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as ErrorBody;
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toMatch(/^Invalid event: /);
      expect(error.issues?.map((i) => i.path)).toContain(path);
      expect(refusals(warn)).toEqual([
        expect.objectContaining({ level: "warn", component: "billing", why: "unexpected shape", event: event.id, type }),
      ]);
      // Nothing recorded: the same id delivered in a readable shape is still taken.
      expect(await recorded(event.id)).toBe(false);
      expect((await deliver(event)).status).toBe(200);
    });
  });

  it("answers 400 to an invoice whose lines or customer are not Stripe's", async () => {
    const base = objectOf("invoice.paid");
    for (const object of [
      { ...base, lines: null },
      { ...base, lines: { data: [{ period: { start: "then", end: 1 } }] } },
      { ...base, customer: null },
    ]) {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      expect((await deliver(stripeEvent("invoice.paid", object))).status).toBe(400);
    }
  });

  it.each([
    ["null", null],
    ["a list", []],
    ["an object without a type", { id: "evt_no_type", created: 1, data: { object: {} } }],
    ["a type that is not text", { id: "evt_odd_type", type: 42 }],
  ])("answers 400 to %s (not an event at all)", async (_, body) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await deliver(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/^Invalid event: /);
    expect(refusals(warn)).toEqual([expect.objectContaining({ why: "not an event" })]);
  });
});

describe("a signed Stripe event of a type the handler does not act on", () => {
  it.each([
    ["well formed", stripeEvent("charge.refunded", { id: "ch_1", object: "charge" })],
    ["with data: null and no created", { id: "evt_unknown_shapeless", object: "event", type: "customer.created", data: null }],
  ])("is acknowledged and ignored (%s)", async (_, event) => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false, applied: false });
    expect(linesOf(info)).toContainEqual(expect.objectContaining({ webhook: "ignored", why: "unhandled type", type: event.type }));
  });
});
