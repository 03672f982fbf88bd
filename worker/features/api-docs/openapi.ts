import { z } from "zod";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { ResponseContract, RouteContract } from "#schema/contracts/api/route-contract.ts";
import { SESSION_COOKIE } from "#schema/contracts/cookies.ts";
import { errorBodySchema } from "#schema/contracts/error.ts";

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
/** The fields the contract's `openApiDocument` entry names; the rest is JSON Schema's business. */
export type OpenApiDocument = JsonSchema & { openapi: string; paths: Record<string, Record<string, Operation>> };

const ERROR_REF = { $ref: "#/components/schemas/ErrorBody" };

const TAGS: { name: string; description: string }[] = [
  { name: "Market data", description: "Coins, movers, price history and the market strip (public, briefly cached)." },
  { name: "Articles", description: "The newsroom's public articles, categories, tags, guides and search." },
  { name: "Ask", description: "Ask Coinsight: grounded answers about one coin (the free question for everyone, the rest on a plan)." },
  { name: "Account", description: "The signed-in member." },
  { name: "Watchlist", description: "The member's followed coins." },
  { name: "Alerts", description: "Price, move, sentiment and new-article alerts, the bell's notifications and the watchlist digest." },
  { name: "Billing", description: "Plans, credits, the customer portal and Stripe's webhook." },
  { name: "Sign-in", description: "Full-page navigations: sign-in forms, the provider's redirect, sign-out." },
  { name: "Newsletter", description: "Double opt-in subscription and one-click unsubscribe." },
  { name: "Site", description: "Site status and this reference." },
  { name: "Pages and feeds", description: "Pages whose <head> is filled at the edge, RSS feeds, the sitemap and robots.txt." },
  { name: "Admin", description: "Admin only (401 for guests, 403 for members)." },
  { name: "Admin: newsroom", description: "Admin only: the generation pipeline." },
  { name: "Admin: articles", description: "Admin only: the article editor, versions, trash and publishing." },
  { name: "Admin: users", description: "Admin only: members and roles." },
  { name: "Local development", description: "Answers 404 outside development and test." },
];

const ACCESS_TEXT: Record<RouteContract["access"], string> = {
  public: "",
  member: "**Members only** (session cookie; 401 when signed out).",
  admin: "**Admins only** (session cookie of an admin; 401 when signed out, 403 for members). Documented here, guarded on the server.",
};

/** A zod schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1); the one error body by reference. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return schema === errorBodySchema ? ERROR_REF : inline(schema, io);
}

function inline(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** Hono's "/api/cryptos/:symbol" as OpenAPI's "/api/cryptos/{symbol}". */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, "{$1}");
}

function parameters(route: RouteContract): JsonSchema[] {
  const out: JsonSchema[] = [];
  const pathNames = [...route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
  const params = route.request?.params ? jsonSchema(route.request.params, "input") : null;
  const paramProps = (params?.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathNames) out.push({ name, in: "path", required: true, schema: paramProps[name] ?? { type: "string" } });
  if (route.request?.query) {
    const query = jsonSchema(route.request.query, "input");
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = schema;
      out.push({ name, in: "query", required: required.has(name), schema: rest, ...(description ? { description } : {}) });
    }
  }
  return out;
}

const BODY_TYPES = { json: "application/json", form: "application/x-www-form-urlencoded", raw: "application/json" } as const;

function requestBody(route: RouteContract): JsonSchema | undefined {
  const request = route.request;
  if (!request?.body && request?.bodyType !== "raw") return undefined;
  const type = BODY_TYPES[request.bodyType ?? "json"];
  return { required: request.bodyType !== "raw", content: { [type]: { schema: request.body ? jsonSchema(request.body, "input") : {} } } };
}

function response(r: ResponseContract, status: number): JsonSchema {
  const content: Record<string, JsonSchema> = {};
  if (r.schema) content["application/json"] = { schema: jsonSchema(r.schema, "output") };
  if (r.contentType) content[r.contentType.split(";")[0] as string] = { schema: { type: "string" } };
  const redirect = status >= 300 && status < 400;
  return {
    description: r.description,
    ...(Object.keys(content).length ? { content } : {}),
    ...(redirect ? { headers: { Location: { schema: { type: "string" }, description: "Where to go next" } } } : {}),
  };
}

function operation(id: string, route: RouteContract): Operation {
  const params = parameters(route);
  const body = requestBody(route);
  const description = [ACCESS_TEXT[route.access], route.description ?? ""].filter(Boolean).join("\n\n");
  const responses: Record<string, JsonSchema> = {};
  for (const [status, r] of Object.entries(route.responses)) responses[status] = response(r, Number(status));
  responses.default = { description: "Unexpected error (the one error body)", content: { "application/json": { schema: ERROR_REF } } };
  return {
    operationId: id,
    summary: route.summary,
    ...(description ? { description } : {}),
    tags: route.tags,
    "x-access": route.access,
    ...(route.access === "public" ? {} : { security: [{ session: [] }] }),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every route in the contract table. */
export function buildOpenApiDocument(contract: Record<string, RouteContract> = apiContract): OpenApiDocument {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [id, route] of Object.entries(contract)) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(id, route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Coinsight API",
      version: "1.0.0",
      description:
        "Crypto news and market data. Every error answers the one error body `{error:{code,message,requestId,issues?}}`. " +
        "Writes from a browser must come from this site (same-origin guard: 403 otherwise). Generated from the contract " +
        "table in schema/contracts/api, the same schemas the routes validate with.",
    },
    servers: [{ url: "/" }],
    tags: TAGS,
    paths,
    components: {
      schemas: { ErrorBody: inline(errorBodySchema, "output") },
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "Set by signing in at /api/login." } },
    },
  };
}
