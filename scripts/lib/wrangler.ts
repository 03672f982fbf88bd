/** Runs wrangler offline and quietly, on the Node that npm scripts use (wrangler 4 needs Node 22). */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { retryWhileBusy } from "./busy-retry.ts";

export const projectRoot = join(import.meta.dirname, "../..");
const wranglerBin = join(projectRoot, "node_modules/wrangler/bin/wrangler.js");

/** The environment every wrangler call gets: no metrics, no banner, no network lookups. */
export const offlineEnv = {
  ...process.env,
  CI: "true",
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
};

export function wranglerSync(args: string[]): void {
  wranglerOutput(args);
}

/** Runs wrangler and answers what it printed on stdout (e.g. `d1 execute --json`). */
export function wranglerOutput(args: string[]): string {
  return retryWhileBusy(
    () => {
      const res = spawnSync(process.execPath, [wranglerBin, ...args], {
        cwd: projectRoot,
        env: offlineEnv,
        stdio: "pipe",
        encoding: "utf8",
      });
      return res.status === 0 ? { ok: true, stdout: res.stdout } : { ok: false, printed: `${res.stdout}\n${res.stderr}` };
    },
    `wrangler ${args.join(" ")}`,
  );
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export type DevServer = { url: string; process: ChildProcess; stop: () => Promise<void>; logs: () => string };

export type DevServerOptions = {
  /** Where local D1/KV/DO state lives; wrangler's default (.wrangler/state) when absent. */
  persistTo?: string;
  vars?: Record<string, string>;
  /** A fixed port (npm start uses 8787); a free one otherwise. */
  port?: number;
  /** Also print wrangler's output as it comes (npm start). */
  echo?: boolean;
  /**
   * Keep this server out of the machine's dev registry (~/.config/.wrangler/registry), where every
   * `wrangler dev` of a Worker named "coinsight" registers under that one name: the mail queue's messages
   * of one server were consumed by another (an e2e file's own site, or another checkout's run).
   */
  privateRegistry?: boolean;
};

/**
 * How long a starting `wrangler dev` may take to answer while its process lives (an exit fails at
 * once). A bound for a hang, not a wait: on a loaded machine (CI beside other work) bundling and
 * starting workerd took over a minute, and one e2e file's own site failed on the old 60 s.
 */
export const DEV_SERVER_START_MS = 180_000;

/** Starts `wrangler dev` (real workerd, local D1/KV/DO) and waits until it answers. */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const [port, inspector] = [options.port ?? (await freePort()), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  // PUBLIC_ORIGIN: links in mails (confirmation, unsubscribe) must point at this server, not the default port.
  const vars = Object.entries({ APP_ENV: "development", PUBLIC_ORIGIN: url, ...options.vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const registry = options.privateRegistry ? mkdtempSync(join(tmpdir(), "coinsight-registry-")) : undefined;
  const child = spawn(
    process.execPath,
    [
      wranglerBin,
      "dev",
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspector),
      ...(options.persistTo ? ["--persist-to", options.persistTo] : []),
      "--show-interactive-dev-session=false",
      ...vars,
    ],
    {
      cwd: projectRoot,
      env: registry ? { ...offlineEnv, WRANGLER_REGISTRY_PATH: registry } : offlineEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  // Keep only the tail: a long `npm start` session must not grow without bound.
  const keep = (d: Buffer) => {
    output = (output + d).slice(-64_000);
  };
  child.stdout?.on("data", (d) => {
    keep(d);
    if (options.echo) process.stdout.write(d);
  });
  child.stderr?.on("data", (d) => {
    keep(d);
    if (options.echo) process.stderr.write(d);
  });
  const deadline = Date.now() + DEV_SERVER_START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/cryptos?limit=1`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (Date.now() >= deadline) {
    child.kill("SIGTERM");
    throw new Error(`wrangler dev did not answer within ${DEV_SERVER_START_MS / 1000} s:\n${output}`);
  }
  return {
    url,
    process: child,
    logs: () => output,
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          if (registry) rmSync(registry, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}
