import { z } from "zod";
import { matchRoute } from "#schema/contracts/api/match.ts";
import { undeclaredFields } from "#schema/contracts/api/undeclared-fields.ts";
import { errorBodySchema } from "#schema/contracts/error.ts";

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

function mediaType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/**
 * The body as a client reads it: an answer the Worker sent already gzipped (worker/lib/colo-cache.ts)
 * is decoded by the client's HTTP stack, which a test calling the app in-process does not have.
 */
export function decodedBody(res: Response): Response {
  const copy = res.clone();
  if (res.headers.get("content-encoding") !== "gzip" || !copy.body) return copy;
  return new Response(copy.body.pipeThrough(new DecompressionStream("gzip")));
}

async function checkJson(where: string, schema: z.ZodType, res: Response): Promise<void> {
  const body: unknown = await decodedBody(res).json();
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`${where}: the answer does not match its contract schema:\n${z.prettifyError(parsed.error)}`);
  const extra = undeclaredFields(body, parsed.data);
  if (extra.length)
    throw new Error(`${where}: the answer has fields its contract schema does not declare: ${extra.slice(0, 8).join(", ")}`);
}

/**
 * Checks one answer against the contract table (schema/contracts/api): its status must be declared
 * for the route, a JSON body must parse with the declared schema (no undeclared fields), anything
 * else must have the declared content type. Throws a readable error naming the route and status.
 */
export async function checkAnswer(method: string, url: string, res: Response): Promise<void> {
  // A followed redirect's answer is the GET of where it led.
  const upper = res.redirected && res.url ? "GET" : method.toUpperCase();
  if (!METHODS.has(upper)) return;
  const { pathname } = new URL(res.redirected && res.url ? res.url : url);
  const type = res.headers.get("content-type") ?? "";
  const isJson = mediaType(type) === "application/json";
  const matched = matchRoute(upper, pathname);
  const where = `${upper} ${pathname} answered ${res.status}`;
  if (!matched) {
    // Static assets and the SPA are not API routes; an unknown /api path must still answer the one error body.
    if (!pathname.startsWith("/api/")) return;
    if (res.status >= 400 && isJson) return checkJson(where, errorBodySchema, res);
    throw new Error(`${where}: no route in the contract table (schema/contracts/api) matches it`);
  }
  const { id, route } = matched;
  const responses = route.responses as Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
  const declared = responses[res.status];
  if (!declared) {
    // Unexpected failures are the document's `default` response: the one error body.
    if (res.status >= 500 && isJson) return checkJson(where, errorBodySchema, res);
    const statuses = Object.keys(responses).join(", ");
    throw new Error(`${where}: ${res.status} is not declared for ${id} in schema/contracts/api (declared: ${statuses})`);
  }
  // A WebSocket upgrade has no body; the messages after it are checked by the live feature's tests.
  if (res.status === 101) return;
  if (isJson) {
    if (!declared.schema)
      throw new Error(`${where}: answered JSON but ${id} declares ${declared.contentType ?? "no body"} for ${res.status}`);
    return checkJson(`${where} (${id})`, declared.schema, res);
  }
  if (declared.contentType && mediaType(type) !== mediaType(declared.contentType))
    throw new Error(`${where}: answered "${type}" but ${id} declares "${declared.contentType}" for ${res.status}`);
  const redirect = res.status >= 300 && res.status < 400;
  if (!declared.contentType && declared.schema && !redirect)
    throw new Error(`${where}: answered "${type}" but ${id} declares a JSON body for ${res.status}`);
}
