import { siteStatusSchema } from "../site-status.ts";
import { json, type RouteContract } from "./route-contract.ts";

/** Whether the site shows recorded demo data. */
export const siteStatusContract = {
  getSiteStatus: {
    method: "GET",
    path: "/api/site-status",
    summary: "Whether the site shows recorded demo data",
    tags: ["Site"],
    access: "public",
    responses: { 200: json("Demo mode and the recording's date", siteStatusSchema) },
  },
} as const satisfies Record<string, RouteContract>;
