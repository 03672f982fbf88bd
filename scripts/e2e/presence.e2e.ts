import { beforeAll, describe, expect, it } from "vitest";
import type { AdminUserList } from "#schema/contracts/admin-users.ts";
import { E2E_ADMIN_NAME } from "./admin.ts";
import { browserForFile, openPage, signIn } from "./browser.ts";
import { d1 } from "./d1.ts";
import { deskArticle, openEditor } from "./desk.ts";

/**
 * Presence in Chromium, two admins in two browser contexts: the shared admin (Ava) opens an article
 * and starts typing; a second admin (Ben, made an admin by Ava through the site's Users API) opens it,
 * sees Ava, and is asked before his first edit; Ava saves; Ben is told the article changed, loads the
 * new version keeping what he typed, and his save goes through. A draft of its own (Trending Analysis,
 * no generation key), so no other journey counts it.
 */
const ARTICLE = { slug: "e2e-presence-wombatcoin-notes", title: "Wombatcoin notes for the desk" };
const BEN = { email: "presence-ben@coinsight.test", name: "Ben" };

const browser = browserForFile();
let id = 0;
beforeAll(async () => {
  id = await deskArticle({ ...ARTICLE, excerpt: "Notes on Wombatcoin.", html: "<p>Wombatcoin traded in a narrow range.</p>" });
});

describe("presence", () => {
  it("two admins see each other; the second is asked before editing, hears of the first's save and keeps his text", async () => {
    const a = await openPage(browser());
    const b = await openPage(browser());

    // Ben signs in once (a member), and Ava makes him an admin through the Users API; the role change
    // signs him out, so he signs in again below.
    await b.page.goto("/api/login?returnTo=/");
    await signIn(b.page, BEN.email, BEN.name);
    await b.page.waitForURL((u) => !u.pathname.startsWith("/api/login"));
    await openEditor(a.page, id);
    const users = (await (await a.context.request.get("/api/admin/users")).json()) as AdminUserList;
    const ben = users.users.find((u) => u.email === BEN.email);
    expect(ben, "Ben's account").toBeTruthy();
    const promoted = await a.context.request.post(`/api/admin/users/${ben?.id}/role`, { data: { role: "admin" } });
    expect(promoted.status()).toBe(200);

    // Ava alone, then typing.
    const stripA = a.page.getByTestId("presence-strip");
    await stripA.getByText("Only you are here.").waitFor();
    await a.page.getByLabel("Excerpt").fill("Ava's sharper excerpt on Wombatcoin.");

    await openEditor(b.page, id, BEN);
    const stripB = b.page.getByTestId("presence-strip");
    await stripB.getByText(E2E_ADMIN_NAME, { exact: true }).waitFor();
    await stripB.getByText(/editing since/).waitFor();
    await stripA.getByText(BEN.name, { exact: true }).waitFor();

    // Ben's first keystroke is held and he is asked; Cancel has the focus.
    const titleB = b.page.getByLabel("Title", { exact: true });
    await titleB.click();
    await titleB.press("End");
    await b.page.keyboard.type("!");
    const dialog = b.page.getByRole("dialog", { name: `${E2E_ADMIN_NAME} is editing this article.` });
    await dialog.getByText("If you both save, the second save will be refused and must be merged by hand.").waitFor();
    expect(await titleB.inputValue()).toBe(ARTICLE.title);
    await dialog.getByRole("button", { name: "Edit anyway" }).click();
    await dialog.waitFor({ state: "hidden" });
    await titleB.press("End");
    await b.page.keyboard.type(" (Ben's take)");
    expect(await titleB.inputValue()).toBe(`${ARTICLE.title} (Ben's take)`);
    await stripA.getByText(/editing since/).waitFor();

    // Ava saves: Ben is told, with her name.
    await a.page.getByRole("button", { name: "Save Changes" }).click();
    await a.page.getByTestId("toast").filter({ hasText: "Article updated successfully" }).waitFor();
    // The notice first, then its words: a missed notice and a notice that says something else fail apart.
    const notice = b.page.getByTestId("stale-notice");
    await notice.waitFor();
    expect(await notice.locator("p").first().textContent()).toMatch(
      new RegExp(`This article was changed by ${E2E_ADMIN_NAME} at .+ \\(now a draft\\)\\.`),
    );

    // He loads it keeping his text: his title stays, her excerpt comes in, and his save is accepted.
    await notice.getByRole("button", { name: "Load it and keep my text" }).click();
    await notice.waitFor({ state: "hidden" });
    expect(await titleB.inputValue()).toBe(`${ARTICLE.title} (Ben's take)`);
    expect(await b.page.getByLabel("Excerpt").inputValue()).toBe("Ava's sharper excerpt on Wombatcoin.");
    await b.page.getByRole("button", { name: "Save Changes" }).click();
    await b.page.getByTestId("toast").filter({ hasText: "Article updated successfully" }).waitFor();
    const [saved] = await d1<{ title: string; excerpt: string }>(`SELECT title, excerpt FROM articles WHERE id = ${id}`);
    expect(saved).toEqual({ title: `${ARTICLE.title} (Ben's take)`, excerpt: "Ava's sharper excerpt on Wombatcoin." });
    // Ava now sees the article changed under her too (Ben's save).
    await a.page
      .getByTestId("stale-notice")
      .getByText(new RegExp(`changed by ${BEN.name} at`))
      .waitFor();

    // Ben leaves: Ava is alone again.
    await b.context.close();
    await stripA.getByText("Only you are here.").waitFor();
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
  }, 180_000);
});
