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
  /** LunarCrush API v4 key (Bearer); with it the sentiment port goes live. */
  LUNARCRUSH_API_KEY?: string;
  /** Base URL of an OpenAI-compatible chat API (e.g. https://api.openai.com/v1); with it the writer goes live. */
  LLM_BASE_URL?: string;
  /** Bearer key for LLM_BASE_URL. */
  LLM_API_KEY?: string;
  /** Model name for LLM_BASE_URL or for Workers AI. */
  LLM_MODEL?: string;
  /** Tokens the article writer may spend per UTC day (prompt + completion); default 300000. */
  LLM_DAILY_TOKEN_BUDGET?: string;
  /** The Workers AI binding, only when `[ai] binding = "AI"` is added to wrangler.toml (README, Configuration). */
  AI?: Ai;
}

interface Env extends Secrets {}
declare namespace Cloudflare {
  interface Env extends Secrets {}
}
