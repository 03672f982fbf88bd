/** Test helpers of the pages feature: forget what an isolate remembers between tests, and serve a build's shell. */
import { env } from "cloudflare:test";
import { vi } from "vitest";
import indexHtml from "#web/index.html?raw";

export { forgetShell } from "./shell.ts";

/** The static assets of a fresh build (its own ETag), so no test meets another's cached pages. */
export function serveFreshBuild(): void {
  const build = `"${crypto.randomUUID()}"`;
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/") return new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8", etag: build } });
    if (url.pathname === "/route-modules.json") return Response.json({});
    return new Response("Not found", { status: 404 });
  });
}
