/** A non-OK answer. Its message is "status: body" (or the status text when the body is empty). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "HttpError";
    this.status = status;
    this.body = body;
  }

  /** The server's human message from the one error body, when there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { error?: { message?: string } | string; message?: string };
      if (typeof parsed.error === "string") return parsed.error;
      return parsed.error?.message ?? parsed.message;
    } catch {
      return undefined;
    }
  }
}

/** A 401 whose message contains 'Unauthorized' is an auth failure (public-site.md §4). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401 && /Unauthorized/i.test(error.message);
}

type Json = Record<string, unknown> | unknown[];

type Transport = (path: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where calls go: the network in the browser. The Worker's page renderer answers them in-process
 * (web/entry-server.tsx), since a Worker cannot fetch a relative path.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** Every call sends cookies; a payload goes as JSON. */
export async function api<T>(path: string, init: Omit<RequestInit, "body"> & { json?: Json } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await transport(path, {
    credentials: "include",
    ...rest,
    headers: { accept: "application/json", ...(json ? { "content-type": "application/json" } : {}), ...headers },
    ...(json ? { body: JSON.stringify(json) } : {}),
  });
  if (!res.ok) throw new HttpError(res.status, res.statusText, await res.text().catch(() => ""));
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
