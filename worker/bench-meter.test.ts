import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emptyMeter, meterD1, metered, meterKv } from "./bench-meter.ts";

// The steady-state tests (worker/features/pages/steady-state.test.ts) assert that requests read
// nothing: that only means something if the meter counts what is read.
describe("the bench build's meter", () => {
  it("counts the D1 rows and KV operations made inside a metered context, and nothing outside it", async () => {
    expect(meterD1(env.DB)).toBe(true);
    const kv = meterKv(env.KV);
    const meter = emptyMeter();
    await metered(meter, async () => {
      await env.DB.prepare("SELECT * FROM categories").all();
      // Through a session and drizzle's raw() path, as the app reads.
      await env.DB.withSession("first-unconstrained").prepare("SELECT id FROM categories").raw();
      await kv.put("meter-probe", "1");
      await kv.get("meter-probe");
    });
    expect(meter.queries).toBe(2);
    expect(meter.rowsRead).toBeGreaterThan(0);
    expect(meter.kvReads).toBe(1);
    expect(meter.kvWrites).toBe(1);

    await env.DB.prepare("SELECT * FROM categories").all();
    await kv.get("meter-probe");
    expect(meter.queries).toBe(2);
    expect(meter.kvReads).toBe(1);
  });
});
