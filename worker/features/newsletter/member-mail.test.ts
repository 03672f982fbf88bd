import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MailMessage, MailPort } from "#worker/ports/mail/mail.ts";
import { deliver, mailsTo } from "./test-support.ts";

async function member(id: string, email: string) {
  await env.DB.prepare("INSERT INTO users (id, email, identity_issuer, identity_subject) VALUES (?, ?, 'offline', ?)")
    .bind(id, email, email)
    .run();
}

const built = (to: string): MailMessage => ({
  to,
  subject: "1 Coinsight alert",
  text: "MAIL rose above $100.00",
  html: "<p>MAIL rose above $100.00</p>",
});

describe("member mail on the queue (alerts and digests)", () => {
  it("sends a member's mail once, whatever the redeliveries, with the producer's key as the idempotency key", async () => {
    await member("mm-1", "mm-1@example.com");
    const keys: (string | undefined)[] = [];
    const counting: MailPort = {
      source: "test",
      async send(m) {
        keys.push(m.idempotencyKey);
        return { id: `sent-${keys.length}` };
      },
      async sendBatch(ms) {
        return ms.map(() => ({ id: "x" }));
      },
    } as MailPort;
    const job = { kind: "member" as const, date: "2026-11-27", userId: "mm-1", key: "alert/mm-1/7", mail: built("mm-1@example.com") };
    const first = await deliver([job], { mail: counting });
    expect(first.result.explicitAcks).toEqual(first.ids);
    await deliver([job], { mail: counting, attempts: 2 });
    // The provider sees the same key twice: it sends the mail once (Resend's idempotency; the outbox keys rows by it).
    expect(keys).toEqual(["member/alert/mm-1/7", "member/alert/mm-1/7"]);
  });

  it("sends nothing to a member who left or changed address since the mail was built", async () => {
    await member("mm-2", "mm-2-new@example.com");
    await deliver([{ kind: "member", date: "2026-11-27", userId: "mm-2", key: "digest/mm-2/1", mail: built("mm-2@example.com") }]);
    await deliver([{ kind: "member", date: "2026-11-27", userId: "mm-gone", key: "digest/mm-gone/1", mail: built("gone@example.com") }]);
    expect(await mailsTo("mm-2@example.com")).toEqual([]);
    expect(await mailsTo("gone@example.com")).toEqual([]);
  });
});
