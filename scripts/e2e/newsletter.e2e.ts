import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, browserForFile, openPage, PHONE } from "./browser.ts";
import { d1, outboxFor, waitForMail } from "./d1.ts";

const SUCCESS = "Almost done: check your inbox and click the link in our email to confirm your subscription.";
const DAILY_CRON = "*/10 7-9 * * *";

const browser = browserForFile();

/** The one toast on screen (the app shows at most one) must read `title` then `text`. */
async function expectToast(page: Page, title: string, text: string) {
  const toast = page.getByTestId("toast");
  await toast.filter({ hasText: text }).waitFor();
  expect(await toast.count()).toBe(1);
  expect(await toast.locator(".toast-title").textContent()).toBe(title);
}

function footerForm(page: Page) {
  const footer = page.locator("footer");
  return {
    email: footer.getByLabel("Email address"),
    consent: footer.getByLabel("I agree to receive the newsletter"),
    submit: footer.getByRole("button", { name: /^Subscrib/ }),
  };
}

describe("newsletter journeys", () => {
  it("subscribes from the footer: every toast of the spec, consent enforced, 'Subscribing...', then a reset form", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/markets");
    const form = footerForm(page);

    await form.submit.click();
    await expectToast(page, "Error", "Please enter your email address");

    await form.email.fill("e2e.reader@example.com");
    await form.submit.click();
    await expectToast(page, "Error", "Please agree to receive the newsletter");

    // The server's own message on a refusal; the typed text stays.
    await form.email.fill("not-an-email");
    await form.consent.check();
    await form.submit.click();
    await expectToast(page, "Error", "Please enter a valid email address");
    expect(await form.email.inputValue()).toBe("not-an-email");
    // ... and the same message next to the field.
    expect(await form.email.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await form.email.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Please enter a valid email address");

    await page.route("**/api/newsletter/subscribe", (route) => route.abort());
    await form.email.fill("E2E.Reader@Example.com");
    await form.submit.click();
    await expectToast(page, "Error", "Failed to subscribe. Please try again later.");
    await page.unroute("**/api/newsletter/subscribe");

    // Hold the request to see the submitting state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/newsletter/subscribe", async (route) => {
      await held;
      await route.continue();
    });
    await form.submit.click();
    const busy = page.locator("footer").getByRole("button", { name: "Subscribing..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await expectToast(page, "Success!", SUCCESS);
    await expect.poll(() => form.email.inputValue()).toBe("");
    expect(await form.consent.isChecked()).toBe(false);
    await page.unroute("**/api/newsletter/subscribe");

    // The confirmation goes through the mail queue: it lands a moment after the answer.
    const [confirmation] = await waitForMail("e2e.reader@example.com");
    expect(confirmation?.subject).toBe("Confirm your Coinsight newsletter subscription");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("confirms from the mailed link, gets the daily mail, and unsubscribes through the page", async () => {
    const email = "e2e.reader@example.com";
    const { page, context, errors } = await openPage(browser());
    const link = (await outboxFor(email))[0]?.text.match(/https?:\/\/\S+\/api\/newsletter\/confirm\/\S+/)?.[0];
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

    // Today's Daily Roundup appears; the morning cron mails it, once, however often it runs. Published now,
    // it is the newest of the day (the day's pipeline wrote one before any journey started).
    await d1(
      `INSERT INTO articles (slug, title, excerpt, content, category_id, status, published_at)
       VALUES ('e2e-daily-roundup', 'Bitcoin holds steady as sentiment cools', 'The day in crypto.', 'Body', 18, 'published',
               strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    );
    for (let run = 0; run < 2; run++) {
      const res = await fetch(`${baseURL()}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(DAILY_CRON)}`);
      expect(res.ok).toBe(true);
    }
    const dailies = await waitForMail(email, (m) => m.tags.category === "newsletter_daily");
    expect(dailies).toHaveLength(1);
    const [daily] = dailies;
    expect(daily?.text).toContain(`${baseURL()}/article/e2e-daily-roundup`);
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
  });

  it("the home sidebar has the newsletter box with its consent box, usable at 375 px", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE });
    await page.goto("/");
    const box = page.getByRole("complementary", { name: "Sidebar" }).getByRole("region", { name: "Newsletter" });
    await box.getByLabel("I agree to receive the newsletter").waitFor();
    await box.getByLabel("Email address").fill("phone.reader@example.com");
    await box.getByLabel("I agree to receive the newsletter").check();
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expectToast(page, "Success!", SUCCESS);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe("legal pages", () => {
  it.each([
    ["/privacy", "Privacy Policy", ["Newsletter data is kept until you unsubscribe", "up to 2 years", "18 or over"]],
    ["/terms", "Terms of Service", ["18 or over", "Not financial advice"]],
    ["/cookies", "Cookie Policy", ["we only use strictly necessary cookies", "no advertising cookies"]],
  ])("%s shows its full text", async (path, title, statements) => {
    const { page, context, errors } = await openPage(browser());
    await page.goto(path);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    const text = (await page.locator("main").textContent()) ?? "";
    for (const s of statements) expect(text).toContain(s);
    expect(text.length).toBeGreaterThan(2000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the footer links open each legal page", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/");
    for (const [name, path] of [
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Cookie Policy", "/cookies"],
    ] as const) {
      await page.getByRole("navigation", { name: "Legal", exact: true }).getByRole("link", { name, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole("heading", { level: 1, name }).waitFor();
    }
    await context.close();
  });
});
