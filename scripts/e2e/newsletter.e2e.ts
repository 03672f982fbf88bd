import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserForFile, openPage, PHONE } from "./browser.ts";
import { waitForMail } from "./d1.ts";
import { expectToast } from "./toast.ts";

const SUCCESS = "Almost done: check your inbox and click the link in our email to confirm your subscription.";

const browser = browserForFile();

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
