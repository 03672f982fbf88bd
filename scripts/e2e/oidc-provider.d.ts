// The few parts of oidc-provider (which ships no types) that the e2e sign-in journey uses.
declare module "oidc-provider" {
  import type { Server } from "node:http";

  export type ClientMetadata = {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    token_endpoint_auth_method?: string;
    grant_types?: string[];
    response_types?: string[];
  };

  export type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };

  export type Configuration = {
    clients?: ClientMetadata[];
    pkce?: { required?: () => boolean };
    features?: { devInteractions?: { enabled: boolean } };
    claims?: Record<string, string[]>;
    cookies?: { keys?: string[] };
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    listen(port: number): Server;
  }
}
