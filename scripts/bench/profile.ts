/**
 * `npm run bench:profile -- [path] [count]`: where a route's CPU goes. Serves the bench build
 * (run `npm run bench` once, or BENCH_BUILD=1 here, to build it), takes a CPU profile of the isolate
 * through workerd's DevTools port while `count` requests of `path` are sent one at a time, and prints
 * the functions with the most self time and with the most total time (self and what they called). A
 * profile slows the isolate down, and on a busy machine its samples land wherever a descheduled
 * thread stood, so its milliseconds are never the bench's figures: read only the shares, quiet.
 *   npm run bench:profile -- /markets 200                 the first render of the Top 500, 200 times
 *   PROFILE_MISS=page npm run bench:profile -- /          a colo miss instead of a render
 *   PROFILE_OUT=markets.cpuprofile npm run bench:profile   also keeps the profile, for DevTools' Performance panel
 *   PROFILE_SCRIPT=build/a/bench-entry.js npm run bench:profile   another bundle than the last build's
 *   PROFILE_REPEAT=4 npm run bench:profile -- /markets 60     each request renders 4 more times inside the
 *     isolate (x-bench-repeat): the samples are then mostly the render's, not the simulators' waits
 */
import { writeFileSync } from "node:fs";
import { BENCH_MISS_HEADER, BENCH_REPEAT_HEADER } from "#worker/bench-noop.ts";
import { buildAll, startBenchServer } from "./serve.ts";

const path = process.argv[2] ?? "/markets";
const count = Number(process.argv[3] ?? 200);
const miss = process.env.PROFILE_MISS ?? "render";
const INSPECTOR_PORT = 9339;
const TOP = Number(process.env.PROFILE_TOP ?? 40);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

async function inspector(): Promise<(method: string, params?: object) => Promise<unknown>> {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json`)).json()) as {
    webSocketDebuggerUrl: string;
    title: string;
  }[];
  const target = targets.find((t) => t.title.includes("coinsight")) ?? targets[0];
  if (!target) throw new Error("no isolate on the DevTools port");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 1;
  const waiting = new Map<number, (value: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id) waiting.get(message.id)?.(message.result);
  };
  return (method, params = {}) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
}

const IDLE = new Set(["(idle)", "(program)", "(root)"]);
const frameKey = (frame: Node["callFrame"]) =>
  `${frame.functionName || "(anonymous)"}  ${frame.url.split("/").pop() || "(native)"}:${frame.lineNumber + 1}`;

/** The profile's sampling interval, in µs. */
const INTERVAL_US = 100;

/**
 * Self and total time per function (name, file, line), in ms, from the profile's samples: a sample
 * counts once toward each function on its stack (a recursive function once, not per frame). A
 * sample's delta is the time since the sample before it; after an idle one (the isolate waiting
 * between requests) it holds that wait, so it counts one interval only.
 */
function times(profile: Profile): { key: string; self: number; total: number }[] {
  const parent = new Map<number, Node>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let afterIdle = true;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const idle = !node || IDLE.has(node.callFrame.functionName);
    const delta = profile.timeDeltas[i] ?? 0;
    const ms = (afterIdle ? Math.min(delta, INTERVAL_US) : delta) / 1000;
    afterIdle = idle;
    if (!node || idle) return;
    const leaf = frameKey(node.callFrame);
    self.set(leaf, (self.get(leaf) ?? 0) + ms);
    const onStack = new Set<string>();
    for (let n: Node | undefined = node; n; n = parent.get(n.id)) onStack.add(frameKey(n.callFrame));
    for (const key of onStack) total.set(key, (total.get(key) ?? 0) + ms);
  });
  return [...total].map(([key, ms]) => ({ key, self: self.get(key) ?? 0, total: ms }));
}

if (process.env.BENCH_BUILD === "1") buildAll();
const script = process.env.PROFILE_SCRIPT;
const server = await startBenchServer({}, { inspectorPort: INSPECTOR_PORT, articles: 1000, ...(script ? { script } : {}) });
try {
  const send = async () =>
    (
      await fetch(new URL(path, server.url), {
        headers: { accept: "text/html", [BENCH_MISS_HEADER]: miss, [BENCH_REPEAT_HEADER]: process.env.PROFILE_REPEAT ?? "0" },
      })
    ).arrayBuffer();
  for (let i = 0; i < 20; i++) await send(); // warm: the isolate's first requests compile and fill caches
  const call = await inspector();
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: INTERVAL_US });
  await call("Profiler.start");
  for (let i = 0; i < count; i++) await send();
  const { profile } = (await call("Profiler.stop")) as { profile: Profile };
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const all = times(profile);
  const busy = all.reduce((sum, t) => sum + t.self, 0);
  const share = (ms: number) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %`;
  console.log(
    `${path} (${miss}) × ${count}: ${busy.toFixed(0)} ms sampled busy, ${(busy / count).toFixed(2)} ms a request (sampled time, which counts some waits too: not a CPU figure, read the shares)`,
  );
  console.log("self time:");
  for (const t of all.sort((a, b) => b.self - a.self).slice(0, TOP)) console.log(`${share(t.self)}  ${t.key}`);
  console.log("total time (self and what it called):");
  for (const t of all.sort((a, b) => b.total - a.total).slice(0, TOP)) console.log(`${share(t.total)}  ${t.key}`);
} finally {
  await server.dispose();
}
