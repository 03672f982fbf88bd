/**
 * The Worker's one way to log (docs/decisions/architecture/one-logger.md): one JSON line per call,
 * `{ level, component, msg, requestId?, ...fields }`, through the console method of its level, which
 * is what Workers Logs indexes and filters on.
 */
type Level = "debug" | "info" | "warn" | "error";
type Fields = Record<string, unknown>;

/**
 * Field names that carry credentials. A bare "key" is not among them: the app logs KV, cache and
 * article keys under that name, and its secrets are all named *_SECRET, *_API_KEY or tokens.
 */
const SECRET_NAME = /secret|passw|token|authorization|cookie|credential|api[-_]?key|private[-_]?key/i;

/**
 * Top-level fields only: nested values are data (zod issues, a task's results keyed by coin id,
 * where a coin named "...-token" must stay readable), and spreads flatten a caller's own record.
 * An Error keeps its name and message; its stack only when the caller passes it as a field.
 */
function clean(fields: Fields): Fields {
  const out: Fields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (SECRET_NAME.test(name)) out[name] = "[redacted]";
    else if (value instanceof Error) out[name] = { name: value.name, message: value.message };
    else out[name] = value;
  }
  return out;
}

function line(level: Level, component: string, msg: string, requestId: string | undefined, fields: Fields): string {
  const head = { level, component, msg };
  try {
    // The head goes last too, so a field can never overwrite the level or the component.
    return JSON.stringify({ ...head, ...(requestId ? { requestId } : {}), ...clean(fields), ...head });
  } catch {
    // A field JSON cannot write (a BigInt, a cycle) must not turn a log line into a thrown error.
    return JSON.stringify({ ...head, ...(requestId ? { requestId } : {}), unserializable: Object.keys(fields) });
  }
}

export type Logger = Record<Level, (msg: string, fields?: Fields) => void>;

/**
 * `component`: the feature or module speaking ("newsroom", "billing", "price-feed"). `requestId`:
 * Hono's, from `c.get("requestId")` where a request is being answered (worker/lib/request-id.ts).
 * The console method is looked up at each call, so a test's `vi.spyOn(console, ...)` sees the line.
 */
export function logger(component: string, requestId?: string): Logger {
  const at =
    (level: Level) =>
    (msg: string, fields: Fields = {}) =>
      console[level](line(level, component, msg, requestId, fields));
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
