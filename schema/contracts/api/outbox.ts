import { outboxListSchema, outboxQuery } from "../outbox.ts";
import { errors, json, type RouteContract } from "./route-contract.ts";

/** The admin Outbox: what the offline adapters captured. */
export const outboxContract = {
  listOutbox: {
    method: "GET",
    path: "/api/admin/outbox",
    summary: "The mail queue's last days and what the offline mail and social adapters captured",
    tags: ["Admin"],
    access: "admin",
    request: { query: outboxQuery },
    responses: { 200: json("Captured messages, newest first", outboxListSchema), ...errors(400, 401, 403) },
  },
} as const satisfies Record<string, RouteContract>;
