/** Test helpers of the pages feature: forget what an isolate remembers between tests, and serve a build's shell. */
import { env } from "cloudflare:test";
import { vi } from "vitest";
import indexHtml from "#web/index.html?raw";

export { forgetShell } from "./shell.ts";

/**
 * The assets as a build with this ETag serves them: the SPA's shell and an empty module list. A new
 * ETag per test keeps each test's kept pages apart (the build is in every page key).
 */
export function serveBuild(etag: string): void {
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/") return new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8", etag } });
    if (url.pathname === "/route-modules.json") return Response.json({});
    return new Response("Not found", { status: 404 });
  });
}

/** A fresh build (its own ETag), so no test meets another's kept pages. */
export function serveFreshBuild(): void {
  serveBuild(`"${crypto.randomUUID()}"`);
}
