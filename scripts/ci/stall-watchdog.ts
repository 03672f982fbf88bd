import { appendFileSync } from "node:fs";
import { relative } from "node:path";
import type { Reporter, TestCase, TestModule } from "vitest/node";

/**
 * A run that stops making progress never ends on its own: vitest waits for a file, or for a runner's
 * report that its last file finished, from a runtime that went quiet (docs/testing.md, "A stalled
 * run"). Once nothing has happened for `STALL_SECONDS`, this reporter names the files still running
 * (or says that none is) and ends the run with a failure, so CI reports the stall within minutes
 * instead of at its 90-minute limit.
 *
 * Progress is any file starting or ending and any test or hook finishing. The longest quiet a healthy
 * run has is one test (30 s at most) or one hook (60 s); the limit leaves a loaded machine room.
 * `STALL_LOG=path` also writes each event with its time, for reading a stall afterwards.
 */
const STALL_SECONDS = Number(process.env.STALL_SECONDS ?? 300);

export default class StallWatchdog implements Reporter {
  private readonly running = new Map<string, number>();
  private started = 0;
  private lastProgress = Date.now();
  private timer: ReturnType<typeof setInterval> | undefined;

  onInit(): void {
    this.timer = setInterval(() => this.check(), 5_000);
    this.timer.unref();
  }

  onTestModuleStart(module: TestModule): void {
    this.running.set(this.name(module), Date.now());
    this.started++;
    this.progress("start", module);
  }

  onTestModuleEnd(module: TestModule): void {
    this.running.delete(this.name(module));
    this.progress("end", module);
  }

  onTestCaseResult(test: TestCase): void {
    this.progress(`test ${test.result().state}: ${test.fullName}`, test.module);
  }

  onHookEnd(): void {
    this.lastProgress = Date.now();
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
  }

  private name(module: TestModule): string {
    return `${module.project.name}: ${relative(process.cwd(), module.moduleId)}`;
  }

  private progress(event: string, module: TestModule): void {
    this.lastProgress = Date.now();
    if (process.env.STALL_LOG) appendFileSync(process.env.STALL_LOG, `${new Date().toISOString()} ${event} ${this.name(module)}\n`);
  }

  private check(): void {
    const quiet = (Date.now() - this.lastProgress) / 1000;
    if (quiet < STALL_SECONDS || this.started === 0) return;
    const files = [...this.running].map(([name, since]) => `  ${name} (running ${Math.round((Date.now() - since) / 1000)} s)`);
    const what = files.length
      ? `still running:\n${files.join("\n")}`
      : "every file that started has finished, but the run did not end (a pool runner whose last file never reported back, or a runtime that did not stop)";
    process.stderr.write(`\nstall-watchdog: no test progress for ${Math.round(quiet)} s; ${what}\n`);
    process.exit(1);
  }
}
