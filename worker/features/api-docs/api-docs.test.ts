import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { call, getJson } from "#worker/test/http.ts";
import { SCALAR_BUNDLE, SCALAR_VERSION } from "./api-docs.routes.ts";
import { buildOpenApiDocument, openApiPath } from "./openapi.ts";

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[]; security?: unknown[] }>>;
  components: { schemas: Record<string, unknown> };
};

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document of every route in the contract, publicly cacheable", async () => {
    const { status, body, res } = await getJson<Doc>("/api/openapi.json");
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(body.openapi).toBe("3.1.0");
    const operations = Object.values(body.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(operations.sort()).toEqual(Object.keys(apiContract).sort());
  });

  it("declares every path parameter and the session for member and admin routes", () => {
    const doc = buildOpenApiDocument() as unknown as Doc;
    for (const [id, route] of Object.entries(apiContract)) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      const pathParams = (op?.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(pathParams, id).toEqual([...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
      expect(Boolean(op?.security), id).toBe(route.access !== "public");
    }
    expect(doc.paths["/api/cryptos/{symbol}/history"]?.get?.parameters).toContainEqual(
      expect.objectContaining({ name: "range", in: "query", required: false }),
    );
  });

  it("documents the admin routes with their access", () => {
    const doc = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(doc.paths["/api/admin/users/{userId}/role"]?.post?.["x-access"]).toBe("admin");
    expect(doc.paths["/api/watchlist/add"]?.post?.["x-access"]).toBe("member");
    expect(doc.paths["/api/cryptos"]?.get?.["x-access"]).toBe("public");
  });

  it("refers every error to the one error body", () => {
    const doc = buildOpenApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
    };
    const notFound = doc.paths["/api/articles/{slug}"]?.get?.responses["404"];
    expect(notFound?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/ErrorBody" });
  });
});

describe("GET /api/docs", () => {
  it("serves Scalar's reference for the document under a policy of its own", async () => {
    const res = await call("/api/docs");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    const html = await res.text();
    // Both scripts (the pinned bundle and its start) carry this answer's nonce; nothing else may run.
    expect(html).toContain(`<script src="${SCALAR_BUNDLE}" nonce="${nonce}"></script>`);
    expect([...html.matchAll(/<script\b[^>]*>/g)].every((m) => m[0].includes(`nonce="${nonce}"`))).toBe(true);
    expect(html).toContain('"url": "/api/openapi.json"');
  });

  it("loads Scalar's pinned bundle from this site's own assets: no third-party origin in the page or its policy", async () => {
    const res = await call("/api/docs");
    const html = await res.text();
    expect(SCALAR_BUNDLE).toBe(`/vendor/scalar-api-reference-${SCALAR_VERSION}.js`);
    const urls = [...html.matchAll(/\b(?:src|href|action)\s*=\s*["']?([^"'\s>]+)/gi)].map((m) => m[1] ?? "");
    expect(urls).toContain(SCALAR_BUNDLE);
    // Relative to this origin only: no scheme, no protocol-relative host.
    expect(urls.filter((u) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(u))).toEqual([]);
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[a-z0-9.-]+\.[a-z]{2,}\/npm\//i);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).not.toMatch(/https?:|\*/);
    expect(
      /script-src ([^;]*)/
        .exec(csp)?.[1]
        ?.split(" ")
        .filter((s) => !s.startsWith("'nonce-")),
    ).toEqual(["'self'"]);
  });

  it("gives every answer a fresh nonce", async () => {
    const nonceOf = async () => /'nonce-([^']+)'/.exec((await call("/api/docs")).headers.get("content-security-policy") ?? "")?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });
});
