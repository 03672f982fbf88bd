import { getDb } from "#worker/lib/db.ts";
import { createOutboxSocial } from "./outbox.ts";
import type { SocialPort } from "./social.ts";
import { createXSocial } from "./x.ts";

/** X when X_USER_ACCESS_TOKEN is set, otherwise the outbox's social channel (README, Configuration). */
export function createSocial(env: Pick<Env, "DB" | "X_USER_ACCESS_TOKEN">): SocialPort {
  if (env.X_USER_ACCESS_TOKEN) return createXSocial({ accessToken: env.X_USER_ACCESS_TOKEN });
  return createOutboxSocial(getDb(env.DB));
}
