import type { PageRequest } from "./page-request.ts";

type Kept = { status: number; headers: [string, string][]; body: ArrayBuffer };

let kept: Promise<Kept> | null = null;

/**
 * The SPA's index.html, read from the assets once per isolate: it changes only with a deployment,
 * which starts new isolates (the assets are the deployed version's). Every page starts from it, so a
 * cached page or a not-found page no longer costs a call to the assets. Fetched fresh (no
 * conditional headers, so never a bodiless 304); a failed read is not kept.
 */
export async function loadShell(req: Pick<PageRequest, "env" | "url">): Promise<Response> {
  if (!kept) {
    const read = req.env.ASSETS.fetch(new Request(new URL("/", req.url), { headers: { accept: "text/html" } })).then(async (res) => ({
      status: res.status,
      headers: [...res.headers],
      body: await res.arrayBuffer(),
    }));
    kept = read;
    void read.then(
      (shell) => {
        if (shell.status !== 200 && kept === read) kept = null;
      },
      () => {
        if (kept === read) kept = null;
      },
    );
  }
  const shell = await kept;
  return new Response(shell.body, { status: shell.status, headers: shell.headers });
}

/** For tests (a new deployment, another mocked shell): read the shell again. */
export function forgetShell(): void {
  kept = null;
}
