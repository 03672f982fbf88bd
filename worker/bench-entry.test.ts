import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { call } from "#worker/test/http.ts";
import bench from "./bench-entry.ts";
import { BENCH_NOOP_PATH } from "./bench-noop.ts";

describe("the bench build's no-op route (issue 17)", () => {
  it("answers in the bench build", async () => {
    const res = await bench.fetch(new Request(`https://coinsight.test${BENCH_NOOP_PATH}`), env, createExecutionContext());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("does not exist in production: an unknown API path", async () => {
    const res = await call(BENCH_NOOP_PATH);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.code).toBe("NOT_FOUND");
  });

  it("passes every other request to the production Worker", async () => {
    const res = await bench.fetch(new Request("https://coinsight.test/api/site-status"), env, createExecutionContext());
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty("demo");
  });
});
