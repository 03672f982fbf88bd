import { describe, expect, it } from "vitest";
import { baseURL, browserForFile } from "./browser.ts";

const browser = browserForFile();

describe("/api/docs", () => {
  it("renders the API reference from the site's own assets, with every other host cut off", async () => {
    const context = await browser().newContext({ baseURL: baseURL() });
    const own = new URL(baseURL()).origin;
    const elsewhere: string[] = [];
    // Offline as far as this page can tell: any request off this origin is recorded and refused.
    await context.route(
      (url) => url.origin !== own,
      (route) => {
        elsewhere.push(route.request().url());
        return route.abort();
      },
    );
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const bundles: { url: string; status: number; type: string }[] = [];
    page.on("response", (res) => {
      if (res.url().includes("/vendor/scalar-api-reference-"))
        bundles.push({ url: new URL(res.url()).pathname, status: res.status(), type: res.headers()["content-type"] ?? "" });
    });
    const res = await page.goto("/api/docs");
    expect(res?.status()).toBe(200);
    // Scalar has rendered the document: its title and one of the tags.
    await page.getByRole("heading", { name: "Coinsight API" }).first().waitFor({ timeout: 20_000 });
    await page.getByText("Market data").first().waitFor();
    expect(bundles).toHaveLength(1);
    expect(bundles[0]).toMatchObject({ status: 200, type: expect.stringContaining("javascript") });
    expect(elsewhere).toEqual([]);
    expect(violations).toEqual([]);
    const asset = await page.request.get(bundles[0]?.url ?? "");
    expect(asset.headers()["cache-control"]).toContain("immutable");
    await context.close();
  });
});
