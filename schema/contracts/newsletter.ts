import { z } from "zod";

import { EMAIL_INVALID, EMAIL_MAX_LENGTH, EMAIL_REQUIRED, EMAIL_TOO_LONG, LOCAL_PART_MAX_LENGTH } from "./newsletter-messages.ts";

export { EMAIL_INVALID, EMAIL_MAX_LENGTH, EMAIL_REQUIRED, EMAIL_TOO_LONG };

/**
 * A newsletter address: trimmed and lower-cased, so "Ada@Example.com " and "ada@example.com" are
 * one subscriber. The messages are the ones the signup form shows.
 */
export const newsletterEmail = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG)
  .pipe(z.email(EMAIL_INVALID))
  .refine((email) => (email.split("@")[0] ?? "").length <= LOCAL_PART_MAX_LENGTH, EMAIL_INVALID)
  .transform((email) => email.toLowerCase());

/**
 * Body of POST /api/newsletter/subscribe. Only the shape is checked here; the address itself is
 * parsed with `newsletterEmail` by the service so that its message reaches the reader as is.
 * The consent checkbox stays on the client (public-site.md §3).
 */
export const subscribeRequest = z.object({ email: z.string({ error: EMAIL_REQUIRED }).max(1000, EMAIL_TOO_LONG) });

export const subscribeResponse = z.object({ success: z.boolean(), message: z.string() });
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

/** Path parameter of the confirm and unsubscribe links. Unknown tokens are the service's answer, not a 400. */
export const newsletterTokenParam = z.object({ token: z.string().trim().min(1).max(256) });

/** GET /api/newsletter/unsubscribe/{token}. `email` is null when the address was already erased. */
export const unsubscribeResponse = z.object({ success: z.boolean(), message: z.string(), email: z.string().nullable() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

/** RFC 8058 one-click body: `List-Unsubscribe=One-Click`, form-encoded. */
export const oneClickForm = z.object({ "List-Unsubscribe": z.literal("One-Click") });
