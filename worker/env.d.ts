// Secrets are never in wrangler.toml, so `wrangler types` cannot see them. Each one is optional:
// when it is absent the matching port falls back to its offline adapter (README, Configuration).
interface Secrets {
  /** CoinGecko API key; with it the market data port goes live. */
  COINGECKO_API_KEY?: string;
  /** "demo" (default, api.coingecko.com) or "pro" (pro-api.coingecko.com). */
  COINGECKO_API_PLAN?: string;
  /** Signs session tokens and seals the sign-in state cookie. Required in production (32+ characters). */
  SESSION_SECRET?: string;
  /** OpenID Connect provider: issuer URL (discovery at /.well-known/openid-configuration), client id and secret. */
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  /** Comma-separated emails that are made admins when they sign in. */
  ADMIN_EMAILS?: string;
  /** Resend API key; with it the mail port goes live, without it mail lands in the outbox table. */
  MAIL_API_KEY?: string;
  /** Sender of every mail, "Name <address>" on a domain verified with Resend. */
  MAIL_FROM?: string;
}

interface Env extends Secrets {}
declare namespace Cloudflare {
  interface Env extends Secrets {}
}
