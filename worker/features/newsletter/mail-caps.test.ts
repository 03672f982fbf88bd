import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SubscribeResponse } from "#schema/contracts/newsletter.ts";
import { listOutbox } from "#worker/features/outbox/index.ts";
import { getDb } from "#worker/lib/db.ts";
import { clientAddress } from "#worker/lib/rate-limit.ts";
import { getJson } from "#worker/test/http.ts";
import { MAILBOX_DAILY_CAP, RATE_LIMITED_MESSAGE, SIGNUP_RATE_LIMIT, SUBSCRIBE_MESSAGE } from "./subscribers.service.ts";
import { eventually } from "./test-support.ts";

function subscribeAs(email: string, ip: string) {
  return getJson<SubscribeResponse & { error?: { code: string; message: string } }>("/api/newsletter/subscribe", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify({ email }),
  });
}

async function mailsToMailbox(local: string, domain: string) {
  const all = await listOutbox(getDb(env.DB), { channel: "email", limit: 500 });
  return all.filter((m) => m.recipient.startsWith(`${local}+`) || m.recipient === `${local}@${domain}`);
}

describe("newsletter mail caps", () => {
  it("plus-addressing cannot flood one mailbox: confirmations per mailbox per day are capped, the answer never changes", async () => {
    for (let i = 1; i <= MAILBOX_DAILY_CAP + 3; i++) {
      const res = await subscribeAs(`Victim+tag${i}@Example.org`, `192.0.2.${100 + i}`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(SUBSCRIBE_MESSAGE);
    }
    // The cap holds where mail is queued; what was queued comes through the queue.
    const queued = await env.DB.prepare("SELECT sum(queued) AS n FROM mail_queue_stats WHERE kind = 'notice'").first<{ n: number }>();
    expect(queued?.n).toBe(MAILBOX_DAILY_CAP);
    expect(
      (
        await eventually(
          () => mailsToMailbox("victim", "example.org"),
          (m) => m.length >= MAILBOX_DAILY_CAP,
        )
      ).length,
    ).toBe(MAILBOX_DAILY_CAP);
  });

  it("IPv6 clients are counted per /64, so rotating addresses inside it does not reset the limit", async () => {
    let last = 0;
    for (let i = 1; i <= SIGNUP_RATE_LIMIT.limit + 1; i++) {
      const res = await subscribeAs(`rotator${i}@example.net`, `2001:db8:42:7:${i.toString(16)}::1`);
      last = res.status;
      if (i <= SIGNUP_RATE_LIMIT.limit) expect(res.status).toBe(200);
    }
    expect(last).toBe(429);
    // Another /64 is another client.
    expect((await subscribeAs("neighbour@example.net", "2001:db8:42:8::1")).status).toBe(200);
  });

  it("buckets IPv6 by /64 and leaves IPv4 alone", () => {
    const of = (ip: string) => clientAddress(new Headers({ "cf-connecting-ip": ip }));
    expect(of("2001:db8:42:7::1")).toBe(of("2001:0db8:0042:0007:ffff:ffff:ffff:ffff"));
    expect(of("2001:db8:42:7::1")).not.toBe(of("2001:db8:42:8::1"));
    expect(of("::ffff:192.0.2.1")).not.toBe(of("::ffff:192.0.2.2"));
    expect(of("192.0.2.1")).toBe("192.0.2.1");
  });

  it("a global hourly cap stops the site's confirmation mails with a 429 in the error shape", async () => {
    expect((await subscribeAs("first-of-hour@example.com", "198.51.100.201")).status).toBe(200);
    await env.DB.prepare("UPDATE rate_limits SET count = 100000 WHERE scope = 'newsletter-mail-hourly'").run();
    const res = await subscribeAs("one-too-many@example.com", "198.51.100.202");
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe("RATE_LIMITED");
    expect(res.body.error?.message).not.toBe(RATE_LIMITED_MESSAGE);
    expect(
      (await listOutbox(getDb(env.DB), { channel: "email", limit: 500 })).some((m) => m.recipient === "one-too-many@example.com"),
    ).toBe(false);
  });
});
