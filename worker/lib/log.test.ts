import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "./log.ts";

afterEach(() => vi.restoreAllMocks());

const quiet = (method: "debug" | "info" | "warn" | "error") => vi.spyOn(console, method).mockImplementation(() => {});
const linesOf = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>);

describe("logger", () => {
  it("writes one JSON line per call: level, component, message, request id, then the fields", () => {
    const warn = quiet("warn");
    logger("billing", "req-1").warn("webhook event refused", { why: "not an event", count: 2 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toHaveLength(1);
    const raw = String(warn.mock.calls[0]?.[0]);
    expect(raw).not.toContain("\n");
    expect(JSON.parse(raw)).toEqual({
      level: "warn",
      component: "billing",
      msg: "webhook event refused",
      requestId: "req-1",
      why: "not an event",
      count: 2,
    });
    expect(Object.keys(JSON.parse(raw)).slice(0, 4)).toEqual(["level", "component", "msg", "requestId"]);
  });

  it("leaves the request id out when there is none", () => {
    const info = quiet("info");
    logger("cron").info("job done");
    expect(linesOf(info)).toEqual([{ level: "info", component: "cron", msg: "job done" }]);
  });

  it.each([
    ["debug", "debug"],
    ["info", "info"],
    ["warn", "warn"],
    ["error", "error"],
  ] as const)("%s goes through console.%s and no other method", (level, method) => {
    const spies = { debug: quiet("debug"), info: quiet("info"), warn: quiet("warn"), error: quiet("error"), log: vi.spyOn(console, "log") };
    logger("alerts")[level]("tick alerts");
    for (const [name, spy] of Object.entries(spies)) expect(spy).toHaveBeenCalledTimes(name === method ? 1 : 0);
    expect(linesOf(spies[method])[0]).toMatchObject({ level, component: "alerts" });
  });

  it("redacts fields named like credentials, whatever their case", () => {
    const error = quiet("error");
    logger("auth").error("sign-in refused", {
      SESSION_SECRET: "s3cret",
      accessToken: "t0k3n",
      password: "hunter2",
      Authorization: "Bearer abc",
      cookie: "session=abc",
      apiKey: "k",
      STRIPE_API_KEY: "sk_live_x",
      reason: "state",
    });
    const [line] = linesOf(error);
    expect(line).toMatchObject({
      SESSION_SECRET: "[redacted]",
      accessToken: "[redacted]",
      password: "[redacted]",
      Authorization: "[redacted]",
      cookie: "[redacted]",
      apiKey: "[redacted]",
      STRIPE_API_KEY: "[redacted]",
      reason: "state",
    });
    const raw = String(error.mock.calls[0]?.[0]);
    for (const secret of ["s3cret", "t0k3n", "hunter2", "Bearer abc", "session=abc", "sk_live_x"]) expect(raw).not.toContain(secret);
  });

  it("keeps cache and article keys, which are not secrets", () => {
    const warn = quiet("warn");
    logger("content").warn("content cache write failed", { key: "content:v1:home" });
    expect(linesOf(warn)[0]).toMatchObject({ key: "content:v1:home" });
  });

  it("writes an Error as its name and message, without the stack", () => {
    const error = quiet("error");
    const err = new TypeError("D1 is down");
    logger("api").error("unhandled error", { error: err });
    const [line] = linesOf(error);
    expect(line?.error).toEqual({ name: "TypeError", message: "D1 is down" });
  });

  it("never lets a field overwrite the level, component or message", () => {
    const info = quiet("info");
    logger("billing").info("webhook event ignored", { level: "error", component: "other", msg: "changed", why: "unhandled type" });
    expect(linesOf(info)[0]).toMatchObject({ level: "info", component: "billing", msg: "webhook event ignored", why: "unhandled type" });
  });

  it("still writes a line when a field cannot be written as JSON", () => {
    const warn = quiet("warn");
    expect(() => logger("cron").warn("odd value", { big: 1n })).not.toThrow();
    expect(linesOf(warn)).toEqual([{ level: "warn", component: "cron", msg: "odd value", unserializable: ["big"] }]);
  });
});
