import { describe, expect, it } from "vitest";
import { type Attempt, retryDelaysMs, retryWhileBusy } from "./busy-retry.ts";

const locked: Attempt = { ok: false, printed: "SQLite failed; database is locked: SQLITE_BUSY" };

function scripted(answers: Attempt[]) {
  const slept: number[] = [];
  let calls = 0;
  const run = () =>
    retryWhileBusy(
      () => answers[Math.min(calls++, answers.length - 1)] as Attempt,
      "wrangler d1 execute",
      (ms) => slept.push(ms),
    );
  return { run, slept, calls: () => calls };
}

describe("retryWhileBusy", () => {
  it("tries again after a locked database and answers the output of the try that worked", () => {
    const s = scripted([locked, locked, { ok: true, stdout: "[]" }]);
    expect(s.run()).toBe("[]");
    expect(s.slept).toEqual(retryDelaysMs.slice(0, 2));
  });

  it("fails at once on any other error, with what the command printed", () => {
    const s = scripted([{ ok: false, printed: "no such table: articlez" }]);
    expect(s.run).toThrow(/wrangler d1 execute failed:\nno such table: articlez/);
    expect(s.calls()).toBe(1);
  });

  it("gives up after the last delay when the lock never clears", () => {
    const s = scripted([locked]);
    expect(s.run).toThrow(/SQLITE_BUSY/);
    expect(s.calls()).toBe(retryDelaysMs.length + 1);
    expect(s.slept).toEqual(retryDelaysMs);
  });
});
