import { appendFileSync } from "node:fs";
import { relative } from "node:path";
import type { Reporter, TestCase, TestModule } from "vitest/node";

/**
 * A run that stops making progress never ends on its own: vitest waits for a file whose runtime went
 * quiet (docs/testing.md, "The stalled worker project"). This reporter names the files still running
 * once nothing has happened for `STALL_SECONDS` and ends the run with a failure, so CI reports which
 * file stalled within minutes instead of at its 90-minute limit.
 *
 * Progress is any file starting or ending and any test or hook finishing. The longest quiet a healthy
 * run has is one test (30 s at most) or one hook (60 s); the limit leaves a loaded machine room.
 * `STALL_LOG=path` also writes each event with its time, for reading a stall afterwards.
 */
const STALL_SECONDS = Number(process.env.STALL_SECONDS ?? 300);

export default class StallWatchdog implements Reporter {
  private readonly running = new Map<string, number>();
  private lastProgress = Date.now();
  private timer: ReturnType<typeof setInterval> | undefined;

  onInit(): void {
    this.timer = setInterval(() => this.check(), 5_000);
    this.timer.unref();
  }

  onTestModuleStart(module: TestModule): void {
    this.running.set(this.name(module), Date.now());
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
    if (quiet < STALL_SECONDS || this.running.size === 0) return;
    const files = [...this.running].map(([name, since]) => `  ${name} (running ${Math.round((Date.now() - since) / 1000)} s)`);
    process.stderr.write(`\nstall-watchdog: no test progress for ${Math.round(quiet)} s; still running:\n${files.join("\n")}\n`);
    process.exit(1);
  }
}
