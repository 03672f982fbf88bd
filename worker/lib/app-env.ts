import type { AuthUser } from "#schema/contracts/auth.ts";

/** The Hono environment every route shares. Features add their own variables here. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** The signed-in member, once `loadUser`/`requireUser` ran (null: signed out). */
    user: AuthUser | null;
    /** The session behind `user`, for sign-out. */
    sessionId: string | null;
  };
};
