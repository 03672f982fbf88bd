import { getDb } from "#worker/lib/db.ts";
import { liveWhenSet } from "#worker/ports/port.ts";
import { createOutboxSocial } from "./outbox.ts";
import type { SocialPort } from "./social.ts";
import { createXSocial } from "./x.ts";

/** X when X_USER_ACCESS_TOKEN is set, otherwise the outbox's social channel (README, Configuration). */
export function createSocial(env: Pick<Env, "DB" | "X_USER_ACCESS_TOKEN">): SocialPort {
  return liveWhenSet(
    env.X_USER_ACCESS_TOKEN,
    (accessToken) => createXSocial({ accessToken }),
    () => createOutboxSocial(getDb(env.DB)),
  );
}
