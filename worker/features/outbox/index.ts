/** The outbox's public face: the admin tab that lists what the offline mail and social adapters wrote (worker/ports/outbox.ts), its retention and erasure. */
export { adminOutboxRoutes } from "./outbox.routes.ts";
export { forgetRecipient, listOutbox, OUTBOX_RETENTION_DAYS, pruneOutbox } from "./outbox.service.ts";
