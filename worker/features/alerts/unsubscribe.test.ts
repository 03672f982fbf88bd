import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MailList } from "#schema/contracts/alert-rules.ts";
import { eventually } from "#worker/features/newsletter/test-support.ts";
import { listOutbox } from "#worker/features/outbox/index.ts";
import { OLD_LINKS_WORK_UNTIL, UNSUBSCRIBE_LINK_VALID_DAYS } from "#worker/lib/unsubscribe-token.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { deliverEvents } from "./deliver.ts";
import { runDigests } from "./digest.ts";
import { evaluateTick } from "./evaluate.ts";
import { mailToken, oldLinkMac } from "./links.ts";
import { db, makeAlert, makeMember, watchWithDigest } from "./test-support.ts";
import { EXPIRED_LINK, INVALID_LINK } from "./unsubscribe.routes.ts";

const SITE = "https://coinsight.test";
const DAY = 86_400_000;

afterEach(() => vi.useRealTimers());

/** The clock the routes read (Date only: the mail queue's timers keep running). */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
}

const settingsOf = (userId: string) =>
  env.DB.prepare("SELECT alert_mail AS alertMail, digest FROM alert_settings WHERE user_id = ?1")
    .bind(userId)
    .first<{ alertMail: number; digest: string }>();

/** A member with an alert on their own coin and a daily digest that is due. */
async function memberWithBothLists(name: string) {
  const m = await makeMember(`${name}@example.com`);
  const coin = `${name}-coin`;
  await makeAlert(m.id, { kind: "price_above", threshold: 100, coinId: coin, symbol: name.slice(0, 6).toUpperCase() });
  await watchWithDigest(m.id, [[name.slice(0, 6).toUpperCase(), name, coin]], "daily", "2026-11-26T08:00:00.000Z");
  return { ...m, coin };
}

/** One alert mail and one digest for the member, as the cron sends them; their outbox rows. */
async function mailBoth(m: { email: string; coin: string }) {
  const at = Date.parse("2026-11-26T09:00:00.000Z");
  const fired = await evaluateTick(env.DB, [{ id: m.coin, price: 101, change24h: 1 }], at);
  await deliverEvents(env, fired.events.rows, at);
  await runDigests(env, null, at);
  const mails = await eventually(
    async () => (await listOutbox(db(), { channel: "email", limit: 200 })).filter((x) => x.recipient === m.email),
    (x) => x.length >= 2,
  );
  const byCategory = (category: string) => {
    const mail = mails.find((x) => x.tags.category === category);
    if (!mail) throw new Error(`no ${category} mail`);
    return mail;
  };
  return { alert: byCategory("alerts"), digest: byCategory("alerts_digest") };
}

/** The one-click address a mail names in its List-Unsubscribe header, as a path on the test site. */
function oneClickPath(mail: { headers: Record<string, string> }): string {
  const url = mail.headers["List-Unsubscribe"]?.slice(1, -1) ?? "";
  return new URL(url).pathname;
}

/** What a mail provider sends for RFC 8058 one-click: a form POST from elsewhere, without cookies. */
function providerPost(path: string) {
  return new BrowserAgent().fetch(path, {
    method: "POST",
    site: "cross-site",
    from: "https://mail.example.net",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
}

const pathFor = (list: MailList, token: string) => `/api/alerts/unsubscribe/${list}/${encodeURIComponent(token)}`;

describe("per-list unsubscribe tokens", () => {
  it("each mail names its own list's address and never the member's id", async () => {
    const m = await memberWithBothLists("noid");
    const { alert, digest } = await mailBoth(m);
    expect(oneClickPath(alert)).toMatch(/^\/api\/alerts\/unsubscribe\/alert-mail\/[A-Za-z0-9_-]+$/);
    expect(oneClickPath(digest)).toMatch(/^\/api\/alerts\/unsubscribe\/digest\/[A-Za-z0-9_-]+$/);
    expect(oneClickPath(alert).split("/").at(-1)).not.toBe(oneClickPath(digest).split("/").at(-1));
    for (const mail of [alert, digest]) {
      const everything = [mail.subject, mail.text, mail.html, JSON.stringify(mail.headers)].join("\n");
      expect(everything).not.toContain(m.id);
      expect(everything).not.toContain(m.id.replace(/-/g, ""));
      expect(everything).toContain(oneClickPath(mail));
      expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    }
  });

  it("the alert mail's one-click turns off alert mails only; the digest stays on", async () => {
    const m = await memberWithBothLists("alertoff");
    const { alert, digest } = await mailBoth(m);
    const page = await new BrowserAgent().fetch(oneClickPath(alert), { site: "none" });
    expect(await page.text()).toContain("Unsubscribe from alert emails?");
    const res = await providerPost(oneClickPath(alert));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Unsubscribed from alert emails");
    expect(html).toContain("The watchlist digest is not affected.");
    expect(html).toContain('href="/markets?tab=watchlist"');
    expect(await settingsOf(m.id)).toMatchObject({ alertMail: 0, digest: "daily" });
    // The alert token on the digest's address is not a digest token.
    const swapped = oneClickPath(alert).replace("/alert-mail/", "/digest/");
    expect((await providerPost(swapped)).status).toBe(404);
    expect(await settingsOf(m.id)).toMatchObject({ digest: "daily" });
    expect(oneClickPath(digest)).toContain("/digest/");
  });

  it("the digest's one-click turns off the digest only; alert mails stay on", async () => {
    const m = await memberWithBothLists("digestoff");
    const { alert, digest } = await mailBoth(m);
    const swapped = oneClickPath(digest).replace("/digest/", "/alert-mail/");
    expect((await providerPost(swapped)).status).toBe(404);
    const res = await providerPost(oneClickPath(digest));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Alert emails are not affected.");
    expect(await settingsOf(m.id)).toMatchObject({ alertMail: 1, digest: "off" });
    // The alert link still works on its own.
    expect((await providerPost(oneClickPath(alert))).status).toBe(200);
    expect(await settingsOf(m.id)).toMatchObject({ alertMail: 0, digest: "off" });
  });

  it("a tampered or made-up token gets the clear invalid page, never a 500", async () => {
    const m = await makeMember("tampered@example.com");
    const token = await mailToken(env, SITE, "alert-mail", m.id);
    const middle = Math.floor(token.length / 2);
    const flipped = `${token.slice(0, middle)}${token[middle] === "A" ? "B" : "A"}${token.slice(middle + 1)}`;
    for (const bad of [flipped, token.slice(0, -4), `${token}AAAA`, "not-a-token", "%%%", `${m.id}.`, `.${token}`]) {
      for (const res of [
        await new BrowserAgent().fetch(pathFor("alert-mail", bad), { site: "none" }),
        await providerPost(pathFor("alert-mail", bad)),
      ]) {
        expect(res.status).toBe(404);
        expect(await res.text()).toContain(INVALID_LINK);
      }
    }
    expect(await settingsOf(m.id)).toBeNull();
  });

  it("a member's token unsubscribes that member, never another", async () => {
    const ada = await makeMember("tok-ada@example.com");
    const bob = await makeMember("tok-bob@example.com");
    expect((await providerPost(pathFor("alert-mail", await mailToken(env, SITE, "alert-mail", ada.id)))).status).toBe(200);
    expect(await settingsOf(ada.id)).toMatchObject({ alertMail: 0 });
    expect(await settingsOf(bob.id)).toBeNull();
    // An old-format link with Bob's id and Ada's MAC.
    const adasMac = await oldLinkMac(env, SITE, ada.id);
    clockAt(Date.parse(OLD_LINKS_WORK_UNTIL) - DAY);
    expect((await providerPost(pathFor("alert-mail", `${bob.id}.${adasMac}`))).status).toBe(404);
    expect(await settingsOf(bob.id)).toBeNull();
  });

  it(`a sealed link works for ${UNSUBSCRIBE_LINK_VALID_DAYS} days, then shows the expired page`, async () => {
    const m = await makeMember("aging@example.com");
    const issued = Date.parse("2026-12-01T12:00:00.000Z");
    const token = await mailToken(env, SITE, "alert-mail", m.id, issued);
    clockAt(issued + UNSUBSCRIBE_LINK_VALID_DAYS * DAY);
    const expired = await providerPost(pathFor("alert-mail", token));
    expect(expired.status).toBe(410);
    expect(await settingsOf(m.id)).toBeNull();
    clockAt(issued + UNSUBSCRIBE_LINK_VALID_DAYS * DAY - 60_000);
    expect((await providerPost(pathFor("alert-mail", token))).status).toBe(200);
  });
});

describe("links mailed before per-list tokens", () => {
  const oldToken = async (userId: string) => `${userId}.${await oldLinkMac(env, SITE, userId)}`;

  it("work until the stated cutoff, each for the list in its address", async () => {
    const m = await memberWithBothLists("oldlink");
    const token = await oldToken(m.id);
    clockAt(Date.parse(OLD_LINKS_WORK_UNTIL) - 60_000);
    const page = await new BrowserAgent().fetch(pathFor("digest", token), { site: "none" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Unsubscribe from the watchlist digest?");
    expect((await providerPost(pathFor("digest", token))).status).toBe(200);
    expect(await settingsOf(m.id)).toMatchObject({ alertMail: 1, digest: "off" });
  });

  it("after the cutoff show the expired page with a way to the settings, and change nothing", async () => {
    const m = await memberWithBothLists("expiredlink");
    const token = await oldToken(m.id);
    clockAt(Date.parse(OLD_LINKS_WORK_UNTIL));
    for (const res of [
      await new BrowserAgent().fetch(pathFor("alert-mail", token), { site: "none" }),
      await providerPost(pathFor("alert-mail", token)),
    ]) {
      expect(res.status).toBe(410);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const html = await res.text();
      expect(html).toContain(EXPIRED_LINK);
      expect(html).toContain(`href="/api/login?returnTo=${encodeURIComponent("/markets?tab=watchlist")}"`);
    }
    expect(await settingsOf(m.id)).toMatchObject({ alertMail: 1, digest: "daily" });
  });
});
