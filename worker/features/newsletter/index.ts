/** The newsletter's public face: its routes, the daily send, and the mail queue other mail uses. */
export { type DailySendResult, runDailySend } from "./daily-send.ts";
export { publicOrigin } from "./links.ts";
export { handleMailBatch } from "./mail-consumer.ts";
export { countMail } from "./mail-queue.ts";
export { newsletterRoutes } from "./newsletter.routes.ts";
export { purgeNewsletterData } from "./subscribers.service.ts";
