/** Signed-in agents and JSON calls, for tests of any feature that needs a member or an admin. */
import type { AuthUser } from "#schema/contracts/auth.ts";
import { BrowserAgent } from "./browser-agent.ts";

export const ADMIN_EMAIL = "chief@example.com";
export const ADMINS = { ADMIN_EMAILS: `${ADMIN_EMAIL},deputy@example.com` };

export async function signedIn(email: string, overrides: Partial<Env> = {}): Promise<BrowserAgent & { user: AuthUser }> {
  const agent = new BrowserAgent({ ...ADMINS, ...overrides });
  await agent.signInOffline(email, email.split("@")[0]);
  const me = await agent.json<AuthUser>("/api/auth/user");
  return Object.assign(agent, { user: me.body });
}

export async function send<T = unknown>(
  agent: BrowserAgent,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T; res: Response }> {
  const res = await agent.fetch(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, res };
}
