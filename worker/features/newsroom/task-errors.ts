import type { ErrorCategory } from "#schema/contracts/newsroom.ts";
import { suggestedActionFor, taskLabels } from "#schema/contracts/newsroom.ts";

/** A prerequisite task has not produced what this one needs. Not retried automatically. */
export class DependencyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DependencyError";
  }
}

/** Input or output that does not have the shape a step needs. */
export class ValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ValidationError";
  }
}

/** The market table is older than an article may be written from: the price feed needs a person. */
export class StaleMarketError extends ValidationError {
  readonly needsPerson = true;
  readonly stale = true;
}

/** A draft failed the claim check twice and was held for review: an editor decides, not a retry. */
export class HeldDraftError extends ValidationError {
  readonly needsPerson = true;
  readonly held = true;
}

/** The five categories of assistant-plans-admin.md §4, from what a step threw. */
export function classify(err: unknown): ErrorCategory {
  const e = err instanceof Error ? err : new Error(String(err));
  if (e.name === "TimeoutError" || e.name === "AbortError" || /timed? ?out/i.test(e.message)) return "timeout";
  if (e.name === "UpstreamError") return "api_failure";
  if (e.name === "DependencyError") return "dependency";
  if (e.name === "ValidationError" || e.name === "ZodError") return "validation";
  return "system";
}

/** A specific hint where we know more than the category; assistant-plans-admin.md §8's text otherwise. */
export function suggestAction(category: ErrorCategory, err: unknown, date: string): string {
  const status = (err as { status?: number }).status;
  if (category === "api_failure" && (status === 401 || status === 403)) {
    return "Check the API key (LUNARCRUSH_API_KEY or LLM_API_KEY) and its plan";
  }
  if (category === "api_failure" && status === 429) return "Rate limited by the provider: wait for the retry or lower the request rate";
  if ((err as { budget?: boolean }).budget) return "Wait for the next UTC day, or raise LLM_DAILY_TOKEN_BUDGET and retry";
  if ((err as { stale?: boolean }).stale)
    return "The price feed has not refreshed for over 30 minutes: check the market data source, then retry";
  if ((err as { held?: boolean }).held) {
    return "Review the held article under Articles (Held for review): publish it anyway, edit it, or regenerate it";
  }
  if ((err as { production?: boolean }).production) return "Configure the live market and social data sources, then retry";
  if (category === "dependency") return `Run '${taskLabels.lunarcrush_data}' for ${date} first, then retry`;
  return suggestedActionFor(category);
}

/**
 * Whether the Workflow should retry a failed step on its own. A missing prerequisite, a spent
 * budget, refused demo data, stale prices and a held draft need someone to act first: waiting
 * minutes changes none of them.
 */
export function retryable(err: unknown): boolean {
  return classify(err) !== "dependency" && !(err as { needsPerson?: boolean }).needsPerson;
}

/** Production would publish simulated data: stopped, and not retried until someone configures the live sources. */
export class ProductionDataError extends Error {
  readonly production = true;
  readonly needsPerson = true;
  constructor(message: string) {
    super(message);
    this.name = "DependencyError";
  }
}

/**
 * In production the newsroom never works from an offline adapter: its market walk and its social
 * model are demo data, fine for a local site and never for readers.
 */
export function guardProduction(deps: { env: Pick<Env, "APP_ENV"> }, sources: { market?: string; social?: string | null }): void {
  if (deps.env.APP_ENV !== "production") return;
  if (sources.market !== undefined && sources.market !== "coingecko") {
    throw new ProductionDataError("Production refuses to write articles from offline market data: the market source is not live");
  }
  if (sources.social !== undefined && sources.social !== null && sources.social !== "lunarcrush") {
    throw new ProductionDataError("Production refuses to write articles from the offline sentiment model: the social source is not live");
  }
}
