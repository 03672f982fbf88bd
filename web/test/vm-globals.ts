/**
 * The web project runs each file in a fresh VM context around a jsdom window (vite.config.ts, pool
 * "vmThreads"), which holds only what jsdom and vitest put there: a browser has the web streams as well,
 * and MSW builds on them. Node's own ones, for the globals the window lacks.
 */
// A module name the web's type check does not resolve: its types have no Node (web/tsconfig.json).
const nodeStreams: string = "node:stream/web";
const fromNode = (await import(/* @vite-ignore */ nodeStreams)) as Record<string, unknown>;
for (const name of [
  "ByteLengthQueuingStrategy",
  "CountQueuingStrategy",
  "ReadableStream",
  "TextDecoderStream",
  "TextEncoderStream",
  "TransformStream",
  "WritableStream",
]) {
  const value = fromNode[name];
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

/**
 * The window's fetch is Node's, whose rejections are errors of Node's realm: `instanceof TypeError` (or
 * `Error`) is false for them in the window's code, where a browser's fetch rejects with the page's own.
 * Rethrown as the window's errors of the same name, message and cause.
 */
const nodeFetch = globalThis.fetch;
function inWindowRealm(error: unknown): unknown {
  if (error instanceof Error || typeof error !== "object" || error === null) return error;
  const { name, message, cause, stack } = error as Error;
  const copy =
    name === "AbortError" || name === "TimeoutError"
      ? new DOMException(message, name)
      : new ((globalThis as unknown as Record<string, ErrorConstructor>)[name] ?? Error)(message, { cause });
  if (stack) Object.defineProperty(copy, "stack", { value: stack, configurable: true });
  return copy;
}
globalThis.fetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return nodeFetch(input, init).catch((error: unknown) => {
    throw inWindowRealm(error);
  });
};
