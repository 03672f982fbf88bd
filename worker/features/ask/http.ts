import type { Context } from "hono";
import type { AskRefusal } from "#schema/contracts/ask.ts";
import type { Subscription } from "#schema/contracts/auth.ts";
import type { ErrorCode } from "#schema/contracts/error.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { errorBody } from "#worker/lib/errors.ts";

/** The one error body plus the member's plan: what Ask's refusals answer, so the box can pick its banner. */
export function refusalBody(c: Context<AppEnv>, code: ErrorCode, message: string, subscription: Subscription | null): AskRefusal {
  return { ...errorBody(code, message, c.get("requestId") ?? "unknown"), subscription };
}

/** The status of each refusal the gate gives. */
export const STATUS = { PAYMENT_REQUIRED: 402, RATE_LIMITED: 429, UNAVAILABLE: 503 } as const;
