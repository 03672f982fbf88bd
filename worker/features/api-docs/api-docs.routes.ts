import { Scalar } from "@scalar/hono-api-reference";
import { apiContract } from "#schema/contracts/api/index.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { buildOpenApiDocument, type OpenApiDocument } from "./openapi.ts";
import { SCALAR_BUNDLE } from "./scalar-bundle.ts";

export { SCALAR_BUNDLE, SCALAR_VERSION } from "./scalar-bundle.ts";

/**
 * The reference page's own policy (the site-wide one stays as strict as it is): scripts from this
 * origin only, and inline only with this answer's nonce (Scalar's one-line start; the pinned bundle
 * carries it too), Scalar's injected styles, and calls to this origin (the document and "try it").
 * No other host appears (docs/decisions/security/pinned-api-reference.md).
 */
export function docsCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/** The document changes only with a deploy: built once per isolate. */
let document: OpenApiDocument | undefined;

/** GET /api/openapi.json and GET /api/docs (mounted under /api). */
export const apiDocsRoutes = contractRoutes(
  route(apiContract.openApiDocument, (c) => {
    document ??= buildOpenApiDocument();
    c.header("cache-control", CACHE_POLICIES.apiReference.browser);
    return c.json(document, 200);
  }),
  route(apiContract.apiReference, async (c, next) => {
    const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
    const render = Scalar({
      url: "/api/openapi.json",
      pageTitle: "Coinsight API reference",
      cdn: SCALAR_BUNDLE,
      nonce,
      // Scalar's default fonts come from its own host; the page uses the system's.
      withDefaultFonts: false,
      // Nothing leaves for Scalar's own services (the policy would block it anyway).
      telemetry: false,
    });
    // Scalar's middleware is typed for a Hono app without bindings; it reads nothing from them.
    const res = await render(c as unknown as Parameters<typeof render>[0], next);
    if (!res) throw new Error("Scalar rendered no page");
    res.headers.set("content-security-policy", docsCsp(nonce));
    res.headers.set("cache-control", "no-store");
    return res;
  }),
);
