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
  /** Stripe secret key (sk_live_... or sk_test_...); with it the payments port goes live. */
  STRIPE_SECRET_KEY?: string;
  /** Signing secret of the Stripe webhook endpoint (whsec_...); whsec_coinsight_local is also accepted only where the local test checkout runs (no STRIPE_SECRET_KEY, not production). */
  STRIPE_WEBHOOK_SECRET?: string;
  /** Stripe publishable key (pk_...) for Stripe.js on /subscribe (a var: it is public). */
  STRIPE_PUBLISHABLE_KEY?: string;
  /** Stripe price ids of the monthly plans (vars); a plan without one is not for sale. */
  STRIPE_PRICE_LITE?: string;
  STRIPE_PRICE_BASIC?: string;
  STRIPE_PRICE_PRO?: string;
  /** Resend API key; with it the mail port goes live, without it mail lands in the outbox table. */
  MAIL_API_KEY?: string;
  /** Sender of every mail, "Name <address>" on a domain verified with Resend. */
  MAIL_FROM?: string;
  /** LunarCrush API v4 key (Bearer); with it the sentiment port goes live. */
  LUNARCRUSH_API_KEY?: string;
  /** Base URL of an OpenAI-compatible chat API (e.g. https://api.openai.com/v1); with it the writer goes live. */
  LLM_BASE_URL?: string;
  /** Bearer key for LLM_BASE_URL. */
  LLM_API_KEY?: string;
  /** Model name for LLM_BASE_URL or for Workers AI. */
  LLM_MODEL?: string;
  /** OAuth 2.0 user access token (tweet.write) of the site's X account; with it posts go to X instead of the outbox. */
  X_USER_ACCESS_TOKEN?: string;
  /** Tokens the article writer may spend per UTC day (prompt + completion); default 300000. */
  LLM_DAILY_TOKEN_BUDGET?: string;
  /** The Workers AI binding, only when `[ai] binding = "AI"` is added to wrangler.toml (README, Configuration). */
  AI?: Ai;
}

interface Env extends Secrets {}
declare namespace Cloudflare {
  interface Env extends Secrets {}
}
