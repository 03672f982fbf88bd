import { cpSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Provider, { type Configuration } from "oidc-provider";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connectBrowser } from "../lib/chromium.ts";
import { DEV_SERVER_START_MS, type DevServer, freePort, startDevServer } from "../lib/wrangler.ts";

/**
 * The real authorization-code round trip against a certified OpenID provider (`oidc-provider`),
 * run in-process on loopback with its development login pages: PKCE, nonce, client_secret_basic,
 * discovery, JWKS and userinfo, all through Chromium. Its own site on its own database, so the
 * shared site of the other journeys keeps its local sign-in form.
 */
const CLIENT = { id: "coinsight-e2e", secret: "e2e secret & symbols" };
const ADMIN = "boss@oidc.test";

/** What the provider says about each login typed into its form. */
const ACCOUNTS: Record<string, Record<string, unknown>> = {
  ada: { email: "ada@oidc.test", email_verified: true, given_name: "Ada", family_name: "Lovelace" },
  // Claims the admin's address but the provider never verified it.
  mallory: { email: ADMIN, given_name: "Mallory" },
  boss: { email: ADMIN, email_verified: true, given_name: "Boss" },
};

let browser: Browser;
let site: DevServer;
let issuerServer: Server;
let persistTo: string;

beforeAll(async () => {
  const [issuerPort, sitePort] = [await freePort(), await freePort()];
  const issuer = `http://127.0.0.1:${issuerPort}`;
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${siteUrl}/api/callback`],
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    cookies: { keys: ["coinsight-e2e-cookie-key"] },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id, ...(ACCOUNTS[id] ?? {}) }) }),
  };
  issuerServer = new Provider(issuer, configuration).listen(issuerPort);

  persistTo = mkdtempSync(join(tmpdir(), "coinsight-oidc-"));
  // A copy of the migrated and seeded state global-setup.ts made (what ownSite() serves, with other vars).
  cpSync(inject("seededState"), persistTo, { recursive: true });
  site = await startDevServer({
    persistTo,
    port: sitePort,
    vars: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, ADMIN_EMAILS: ADMIN },
    privateRegistry: true,
  });
  browser = await connectBrowser(inject("browserEndpoint"));
}, DEV_SERVER_START_MS + 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await new Promise((resolve) => issuerServer?.close(resolve));
  if (persistTo) rmSync(persistTo, { recursive: true, force: true });
});

/** At the provider: its development login form (any login), then its consent page. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

async function me(page: Page): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await page.request.get(`${site.url}/api/auth/user`);
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

describe("sign-in through a real OpenID provider", () => {
  it("completes code + PKCE + client_secret_basic in Chromium, and lands back where the reader was", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/api/login?returnTo=${encodeURIComponent("/markets?tab=watchlist")}`);
    expect(new URL(page.url()).origin).not.toBe(site.url);
    await signInAtProvider(page, "ada");
    await page.waitForURL((url) => url.origin === site.url && url.pathname === "/markets");
    expect(new URL(page.url()).search).toBe("?tab=watchlist");
    expect(await me(page)).toMatchObject({
      status: 200,
      body: { email: "ada@oidc.test", firstName: "Ada", lastName: "Lovelace", role: "user" },
    });
    await context.close();
  });

  it("refuses an address the provider did not verify, so the real owner's admin account cannot be taken over", async () => {
    const attacker = await browser.newContext();
    const page = await attacker.newPage();
    await page.goto(`${site.url}/api/login?returnTo=/`);
    await signInAtProvider(page, "mallory");
    await page.getByRole("heading", { name: "Sign-in failed" }).waitFor();
    await page.getByText("Please verify your email address").waitFor();
    expect((await me(page)).status).toBe(401);

    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`${site.url}/api/login?returnTo=/`);
    await signInAtProvider(ownerPage, "boss");
    await ownerPage.waitForURL((url) => url.origin === site.url && url.pathname === "/");
    expect(await me(ownerPage)).toMatchObject({ status: 200, body: { email: ADMIN, role: "admin" } });
    // The attacker's browser still has no session of any kind.
    expect((await me(page)).status).toBe(401);
    await attacker.close();
    await owner.close();
  });
});
