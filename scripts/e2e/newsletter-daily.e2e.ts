import { describe, expect, it } from "vitest";
import { runTodaysPipeline } from "../lib/todays-pipeline.ts";
import { baseURL, browserForFile, openPage } from "./browser.ts";
import { d1, waitForMail } from "./d1.ts";
import { ownSite } from "./site.ts";
import { expectToast } from "./toast.ts";

// A site of its own: the day's newsletter goes out once a day, when the day's pipeline has written the roundup.
ownSite();
const browser = browserForFile();

describe("the daily newsletter", () => {
  it("confirms from the mailed link, gets the day's mail from the day's pipeline, and unsubscribes through the page", async () => {
    const email = "e2e.reader@example.com";
    const { page, context, errors } = await openPage(browser());
    const signup = await fetch(`${baseURL()}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { origin: baseURL(), "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(signup.status).toBe(200);
    const link = (await waitForMail(email))[0]?.text.match(/https?:\/\/\S+\/api\/newsletter\/confirm\/\S+/)?.[0];
    expect(link?.startsWith(`${baseURL()}/api/newsletter/confirm/`)).toBe(true);

    // The mailed link opens a page with a button, so a mail scanner's visit confirms nothing.
    await page.goto(link ?? "");
    expect(await d1<{ status: string }>(`SELECT status FROM newsletter_subscribers WHERE email = '${email}'`)).toEqual([
      { status: "pending" },
    ]);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expectToast(page, "Subscription confirmed", "the Daily Roundup will arrive every morning");
    await page.waitForURL((url) => url.pathname === "/" && !url.search.includes("newsletter"));
    expect(await d1<{ status: string }>(`SELECT status FROM newsletter_subscribers WHERE email = '${email}'`)).toEqual([
      { status: "confirmed" },
    ]);

    // The day's pipeline (what `npm start` and the 06:00 cron start) writes the roundup, and its instance's
    // last step mails it: once, however often the day is started.
    const day = await runTodaysPipeline(baseURL());
    expect(day.done).toBe(true);
    expect((await runTodaysPipeline(baseURL())).done).toBe(true);
    const dailies = await waitForMail(email, (m) => m.tags.category === "newsletter_daily");
    expect(dailies).toHaveLength(1);
    const [daily] = dailies;
    expect(daily?.text).toContain(`${baseURL()}/article/daily-crypto-roundup-${day.date}`);
    // The roundup is named once (a title that says "Roundup" is not prefixed again), and the offline
    // site's mail says its figures are replayed.
    expect(daily?.subject).toMatch(/Roundup/);
    expect(daily?.subject).not.toMatch(/Roundup.*Roundup/);
    expect(daily?.text).toContain("Replayed figures: the market figures in these articles are CoinGecko figures recorded on");
    expect(daily?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = daily?.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0] ?? "";
    expect(daily?.headers["List-Unsubscribe"]).toContain("/api/newsletter/one-click/");

    await page.goto(unsubscribe);
    await page.getByRole("heading", { name: "Unsubscribe from the newsletter?" }).waitFor();
    expect(await d1<{ status: string }>(`SELECT status FROM newsletter_subscribers WHERE email = '${email}'`)).toEqual([
      { status: "confirmed" },
    ]);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "Unsubscribed Successfully" }).waitFor();
    await page.getByText(email).waitFor();
    // The form it points to is on this page.
    await page.getByRole("link", { name: "the newsletter form at the bottom of this page" }).click();
    await page.getByRole("region", { name: "Newsletter", exact: true }).getByRole("button", { name: "Subscribe" }).waitFor();
    expect(await d1(`SELECT id FROM newsletter_subscribers WHERE email = '${email}'`)).toEqual([]);
    // Twice is harmless.
    await page.reload();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "Unsubscribed Successfully" }).waitFor();
    await page.getByText("You are already unsubscribed").waitFor();

    await page.goto("/unsubscribe");
    await page.getByRole("heading", { name: "Invalid Link" }).waitFor();
    await page.goto("/unsubscribe?token=not-a-real-token");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "Unsubscribe Failed" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
