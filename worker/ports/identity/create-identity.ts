import { isLocalHost, isProduction, knownAppEnv } from "#worker/lib/secrets.ts";
import { IdentityError, type IdentityPort } from "./identity.ts";
import { createOfflineIdentity } from "./offline.ts";
import { createOidc } from "./oidc.ts";

type IdentityEnv = Pick<Env, "APP_ENV" | "OIDC_ISSUER" | "OIDC_CLIENT_ID" | "OIDC_CLIENT_SECRET">;

/**
 * The live OpenID Connect adapter when a provider is configured; otherwise the local sign-in form,
 * which production refuses (a deploy without a provider signs nobody in rather than everybody), as
 * does any host but the developer's own machine, whatever APP_ENV says.
 */
export function createIdentity(env: IdentityEnv, requestUrl?: string): IdentityPort {
  if (!knownAppEnv(env)) throw unavailable(`APP_ENV ${JSON.stringify(env.APP_ENV)} is not one of production, development, test`);
  if (env.OIDC_ISSUER) {
    if (!env.OIDC_CLIENT_ID) throw unavailable("OIDC_ISSUER is set but OIDC_CLIENT_ID is missing");
    if (isProduction(env) && !env.OIDC_ISSUER.startsWith("https://")) throw unavailable("OIDC_ISSUER must be an https URL in production");
    return createOidc({ issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET });
  }
  if (isProduction(env)) throw unavailable("no identity provider is configured and the local sign-in form is disabled in production");
  const host = requestUrl ? URL.parse(requestUrl)?.hostname : undefined;
  if (!host || !isLocalHost(host)) throw unavailable("the local sign-in form only serves loopback hosts");
  return createOfflineIdentity();
}

function unavailable(detail: string): IdentityError {
  return new IdentityError("unavailable", "Sign-in is not available on this site right now. Please try again later.", detail);
}
