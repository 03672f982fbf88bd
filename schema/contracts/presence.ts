import { z } from "zod";

/**
 * Who has an article open in the desk's editor, over one WebSocket per open editor
 * (GET /api/articles/{id}/presence; docs/decisions/editorial/presence-over-a-hibernating-object.md).
 * The server sends the whole list of people whenever it changes (a handful of admins: a diff would
 * save nothing), and a `changed` message when the article changes under the open editors.
 */

/** A client message longer than this closes the socket (1009): the only message is tiny. */
export const PRESENCE_MAX_MESSAGE_BYTES = 128;

/** One open editor: the admin, when they opened it, and whether they have typed since their last save. */
export const presencePerson = z
  .object({
    /** This connection (an admin may have the article open in two tabs). */
    connection: z.string(),
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    openedAt: z.string(),
    editing: z.boolean(),
    /** When `editing` last changed (the opening time until then). */
    since: z.string(),
  })
  .strict();
export type PresencePerson = z.infer<typeof presencePerson>;

/** What changed the article: a save, a version restored, a publication by hand or by its schedule, the trash. */
export const articleChangeKind = z.enum(["saved", "restored", "published", "scheduled", "trashed", "untrashed", "regenerated"]);

/** Told to the open editors after the change is committed. `revision` and `status` are null once the article is gone (trash, regenerate). */
export const articleChange = z
  .object({
    kind: articleChangeKind,
    revision: z.number().int().nullable(),
    status: z.enum(["draft", "review", "published"]).nullable(),
    /** The admin who made it; null for the schedule (the engine's own run). */
    by: z.object({ userId: z.string(), name: z.string() }).strict().nullable(),
    at: z.string(),
  })
  .strict();
export type ArticleChange = z.infer<typeof articleChange>;

/** GET /api/articles/{id}/presence?revision=n: the revision the editor shows, so a reconnect hears of a change it missed. */
export const presenceQuery = z.object({ revision: z.coerce.number().int().min(1).optional() }).strict();

/** The one thing a client says: it started typing (`editing`) or saved (`viewing`). "ping" is answered "pong" by the runtime. */
export const presenceClientMessage = z.object({ type: z.literal("state"), editing: z.boolean() }).strict();
export type PresenceClientMessage = z.infer<typeof presenceClientMessage>;

export const presenceServerMessage = z.discriminatedUnion("type", [
  /** Everyone with the article open, this connection included (`you` names it), oldest first. */
  z.object({ type: z.literal("people"), you: z.string(), people: z.array(presencePerson) }).strict(),
  z.object({ type: z.literal("changed"), change: articleChange }).strict(),
  /** A refused message, sent just before the server closes the socket. */
  z.object({ type: z.literal("error"), code: z.enum(["BAD_REQUEST", "RATE_LIMITED", "PAYLOAD_TOO_LARGE"]), message: z.string() }).strict(),
]);
export type PresenceServerMessage = z.infer<typeof presenceServerMessage>;
