import { describe, expect, it } from "vitest";
import "./zod-config.ts";

describe("zod in the browser", () => {
  it("is configured without eval, through the global zod's own config() reads", async () => {
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    // An object schema still parses (the jitless path).
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
