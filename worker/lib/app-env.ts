/** The Hono environment every route shares. Features add their own variables here. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
  };
};
