import "./lib/zod-config.ts";
import { SSR_STATE_ID, type SsrState } from "#schema/contracts/server-render.ts";
import { nextTask } from "#web/lib/next-task.ts";
import "./styles/global.css";

// Unhandled errors are only logged (spec); React Query and the pages show their own error states.
window.addEventListener("unhandledrejection", (e) => console.error("Unhandled rejection:", e.reason));

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// A page the Worker rendered (worker/features/pages/server-render.ts) carries the answers its HTML shows.
const stateText = document.getElementById(SSR_STATE_ID)?.textContent;
const ssr = stateText ? (JSON.parse(stateText) as SsrState) : null;

// The app's modules are evaluated in stages, each in its own task (React and its DOM renderer; then
// the router, the data cache and the layout), and mount() starts them in tasks of their own too,
// instead of one long task that a phone's reader cannot interrupt. A page the Worker rendered loads
// this script only after its HTML has painted (web/public/hydrate.js), and its HTML announces every
// stage's chunk, so none waits on another's download. docs/decisions/performance/staged-start.md.
async function start(into: HTMLElement): Promise<void> {
  await import("react-dom/client");
  await nextTask();
  const { mount } = await import("./app/mount.tsx");
  await nextTask();
  await mount(into, ssr);
}

void start(root);
