import { type CallOptions, callWithEnv, ORIGIN } from "./http.ts";

/**
 * A browser stand-in for worker tests: keeps cookies like a browser (Max-Age=0 deletes), sends
 * the Origin and Sec-Fetch-Site headers a same-origin page would, and never follows redirects.
 */
export class BrowserAgent {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly envOverrides: Partial<Env> = {},
    readonly origin = ORIGIN,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(
    path: string,
    init: RequestInit & { site?: "same-origin" | "cross-site" | "none"; from?: string } & CallOptions = {},
  ): Promise<Response> {
    const { site = "same-origin", from, unchecked, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    headers.set("sec-fetch-site", site);
    const method = (rest.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD") headers.set("origin", from ?? this.origin);
    const res = await callWithEnv(
      this.envOverrides,
      new URL(path, this.origin).toString(),
      { ...rest, headers, redirect: "manual" },
      { unchecked },
    );
    this.store(res);
    return res;
  }

  private store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const gone =
        attrs.some((a) => /^max-age=0$/i.test(a)) || attrs.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now());
      if (gone || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Signs in through the local form, as a person would. */
  async signInOffline(email: string, firstName = "Test", returnTo = "/"): Promise<Response> {
    return this.fetch("/api/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, firstName, lastName: "", returnTo }),
    });
  }

  async json<T>(path: string, init?: RequestInit & CallOptions): Promise<{ status: number; body: T }> {
    const res = await this.fetch(path, init);
    return { status: res.status, body: (await res.json()) as T };
  }
}
