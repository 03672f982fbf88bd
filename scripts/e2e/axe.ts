import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";

/** The WCAG 2.2 A and AA rule sets (axe tags each rule with the version that introduced it). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
// Evaluated through DevTools rather than added as a <script>: the site's CSP refuses inline scripts.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeNode = { target: string[]; failureSummary?: string };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

/** Every visit starts in this theme: theme-init.js reads the key before first paint. */
export async function startInTheme(context: BrowserContext, theme: "light" | "dark"): Promise<void> {
  await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
}

/** Waits until the route's chunk, its data and its skeletons are done, so axe sees the real page. */
export async function settle(page: Page): Promise<void> {
  // Network quiet is a hint, not the condition: a loaded machine once kept a member's page from 500 ms
  // of quiet for 30 s. The condition is that no part of the page is still busy or a skeleton.
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"], main .skeleton'), undefined, { timeout: 15_000 });
  // Transitions (theme colours, opening menus) must end before contrast is measured.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/**
 * Runs axe-core on the page as it is now and answers one line per violated rule, naming the
 * first nodes, so a failing test says what to fix: "color-contrast (serious) ×3: .a, .b — ...".
 */
export async function axeViolations(page: Page, where: string, rules?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // The WCAG rule sets, or (`rules`) only the rules named, such as the best-practice landmark rules.
  const runOnly = rules ? { type: "rule", values: [...rules] } : { type: "tag", values: WCAG_TAGS };
  const violations = await page.evaluate(
    (only) =>
      (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
        .run(document, { runOnly: only, resultTypes: ["violations"] })
        .then((r) =>
          r.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
          })),
        ),
    runOnly,
  );
  return violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 4)
      .map((n) => n.target.join(" "))
      .join(", ");
    const why = v.nodes[0]?.failureSummary?.split("\n").slice(1, 2).join(" ").trim() ?? "";
    return `${where}: ${v.id} (${v.impact}) ×${v.nodes.length}: ${nodes} — ${why}`;
  });
}

/**
 * Elements whose class attribute holds a word that a falsy or missing class name leaves behind
 * ("undefined", "null", "false"): a CSS module class that does not exist, or a condition joined in.
 */
export async function strayClassNames(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() =>
    [...document.querySelectorAll("[class]")]
      .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute("class")}`)
      .filter((c) => /(^|\s|\.)(undefined|null|false)(\s|$)/.test(c)),
  );
  return [...new Set(found)].slice(0, 5).map((c) => `${where}: stray class name in ${c}`);
}
