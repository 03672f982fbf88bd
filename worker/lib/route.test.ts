import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { errors, HTML, json, type RouteContract, redirect } from "#schema/contracts/api/route-contract.ts";
import type { AppEnv } from "./app-env.ts";
import { requireAdmin, requireUser } from "./auth.ts";
import { onError } from "./errors.ts";
import { boundRoute, type RouteAnswer, type RouteContext, route } from "./route.ts";
import { validationOf } from "./validate.ts";

const itemSchema = z.object({ id: z.number(), name: z.string() });
const addItem = {
  method: "POST",
  path: "/api/items/:listId",
  summary: "Add an item",
  tags: ["Test"],
  access: "member",
  request: { params: z.object({ listId: z.coerce.number() }), body: z.object({ name: z.string().min(1) }) },
  responses: { 200: json("Already there", itemSchema), 201: json("Added", itemSchema), ...errors(400, 401, 403, 413) },
} as const satisfies RouteContract;

const page = {
  method: "GET",
  path: "/page/:slug",
  summary: "A page",
  tags: ["Test"],
  access: "public",
  responses: { 200: { description: "The page", contentType: HTML }, 303: redirect("Elsewhere") },
} as const satisfies RouteContract;

/**
 * Compile-time checks: `tsc -p worker` (npm run typecheck) fails if a line marked
 * `@ts-expect-error` compiles, i.e. if `route` stopped refusing an undeclared status or shape.
 */
describe("route() types a handler's answers by its contract entry", () => {
  it("accepts the declared statuses and shapes, and types the validated parts", () => {
    route(addItem, async (c) => {
      expectTypeOf(c.req.valid("param")).toEqualTypeOf<{ listId: number }>();
      expectTypeOf(c.req.valid("json")).toEqualTypeOf<{ name: string }>();
      const item = { id: c.req.valid("param").listId, name: c.req.valid("json").name };
      return item.id > 0 ? c.json(item, 201) : c.json(item, 200);
    });
    route(page, (c) => (c.req.param("slug") === "old" ? c.redirect("/new", 303) : c.html("<p>page</p>", 200)));
  });

  it("refuses an undeclared status", () => {
    // @ts-expect-error 202 is not declared for addItem.
    route(addItem, async (c) => c.json({ id: 1, name: "a" }, 202));
    // @ts-expect-error Without a status, c.json stands for every declared one (errors included): the item fits none of those.
    route(addItem, async (c) => c.json({ id: 1, name: "a" }));
    // @ts-expect-error 302 is not page's redirect status.
    route(page, (c) => c.redirect("/new", 302));
  });

  it("refuses a body of the wrong shape", () => {
    // @ts-expect-error `name` is missing.
    route(addItem, async (c) => c.json({ id: 1 }, 201));
    // @ts-expect-error `id` is a number in the schema.
    route(addItem, async (c) => c.json({ id: "1", name: "a" }, 200));
  });

  it("refuses an untyped Response on a route that answers only JSON", () => {
    // @ts-expect-error A plain Response would bypass the check; only routes with a non-JSON answer may return one.
    route(addItem, async () => new Response("{}"));
    expectTypeOf<Response>().toExtend<RouteAnswer<typeof page>>();
    expectTypeOf<RouteContext<typeof page>>().toExtend<object>();
  });
});

describe("route() at run time", () => {
  const handler = route(addItem, async (c) => c.json({ id: c.req.valid("param").listId, name: c.req.valid("json").name }, 201));

  it("records its entry, its guard and one validator per declared part, with the entry's schemas", () => {
    const made = boundRoute(handler);
    expect(made?.contract).toBe(addItem);
    expect(made?.chain[0]).toBe(requireUser);
    expect(made?.chain.slice(1).map(validationOf)).toEqual([
      { target: "param", schema: addItem.request.params },
      { target: "json", schema: addItem.request.body },
    ]);
    expect(boundRoute(route({ ...addItem, access: "admin" }, async (c) => c.json({ id: 1, name: "a" }, 200)))?.chain[0]).toBe(requireAdmin);
    expect(boundRoute(() => null)).toBeUndefined();
  });

  it("runs the guard first, then the validators, then the handler", async () => {
    const app = new Hono<AppEnv>().use(requestId()).post("/api/items/:listId", handler);
    app.onError(onError);
    const send = async (init: RequestInit) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request("https://coinsight.test/api/items/7", { method: "POST", ...init }), env, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    // A guest is refused before the body is read: 401, not 400.
    expect((await send({ body: "not json" })).status).toBe(401);
  });

  it("answers 400 for a part its schema refuses, and passes the parsed parts to the handler", async () => {
    const open = { ...addItem, access: "public" } as const;
    const app = new Hono<AppEnv>().use(requestId()).post(
      "/api/items/:listId",
      route(open, async (c) => c.json({ id: c.req.valid("param").listId, name: c.req.valid("json").name }, 201)),
    );
    app.onError(onError);
    const send = async (body: unknown) => {
      const ctx = createExecutionContext();
      const init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
      const res = await app.fetch(new Request("https://coinsight.test/api/items/7", init), env, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    const refused = await send({ name: "" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { issues: { path: string }[] } }).error.issues[0]?.path).toBe("name");
    const added = await send({ name: "coin" });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ id: 7, name: "coin" });
  });
});
