/** Test helpers of the editors' desk: signed-in agents and JSON calls. */
import type { AuthUser } from "#schema/contracts/auth.ts";
import type { EditableArticle } from "#schema/contracts/editorial.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";

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

/** A save's body: the article as opened, with `changes` on top. */
export function saveBody(a: EditableArticle, changes: Partial<Record<string, unknown>> = {}) {
  return {
    title: a.title,
    excerpt: a.excerpt,
    content: a.content,
    imageUrl: a.imageUrl,
    categoryId: a.categoryId,
    isPublished: a.isPublished,
    revision: a.revision,
    ...changes,
  };
}
