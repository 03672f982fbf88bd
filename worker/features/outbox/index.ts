/** The outbox's public face: where mail and posts are recorded, and the admin tab that lists them. */
export { adminOutboxRoutes } from "./outbox.routes.ts";
export { forgetRecipient, listOutbox, OUTBOX_RETENTION_DAYS, pruneOutbox, writeOutbox } from "./outbox.service.ts";
