import type { TestStateBody, TestStateResult } from "#schema/contracts/api/test-state.ts";

/**
 * The e2e harness's way into a running site's state: through the site itself (POST /api/dev/d1, local
 * runs only), as its admin. Never a second process on the site's SQLite files: that process takes the
 * database's lock while the site serves, and SQLite answers the site's own queries "busy" at once
 * (docs/decisions/testing/e2e-state-through-the-site.md).
 */
const adminSessions = new Map<string, Promise<string>>();

/** A session cookie of the site's admin (one sign-in per site and file), for what only the admin API shows. */
export function adminCookie(site: string, email: string): Promise<string> {
  const key = `${site} ${email}`;
  let cookie = adminSessions.get(key);
  if (!cookie) {
    cookie = (async () => {
      const res = await fetch(`${site}/api/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site },
        body: new URLSearchParams({ email, firstName: "Harness", lastName: "", returnTo: "/" }),
      });
      const session = res.headers.getSetCookie().find((c) => c.startsWith("__Host-coinsight_session="));
      if (!session) throw new Error(`the admin sign-in answered ${res.status} without a session`);
      return session.split(";")[0] as string;
    })();
    // A failed sign-in is not kept: the next call tries again.
    cookie.catch(() => adminSessions.delete(key));
    adminSessions.set(key, cookie);
  }
  return cookie;
}

/** Runs `statements` on the site's own D1 in one transaction and answers each one's rows. */
export async function siteSql(site: string, admin: string, body: TestStateBody): Promise<TestStateResult["results"]> {
  const res = await fetch(`${site}/api/dev/d1`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site, cookie: await adminCookie(site, admin) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST /api/dev/d1 answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as TestStateResult).results;
}
