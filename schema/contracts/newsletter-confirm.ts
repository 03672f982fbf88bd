// No zod here: the app shell imports this, and it must not pull a validator into every page.

/** Where GET /api/newsletter/confirm/{token} sends the reader: `/?newsletter=<outcome>`. */
export const confirmOutcomes = ["confirmed", "expired", "invalid"] as const;
export type ConfirmOutcome = (typeof confirmOutcomes)[number];
export const CONFIRM_QUERY_PARAM = "newsletter";
