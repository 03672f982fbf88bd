import { subscriptionResponseSchema } from "../auth.ts";
import { errors, json, type RouteContract } from "./route-contract.ts";

/** The member's own records. */
export const accountContract = {
  getSubscription: {
    method: "GET",
    path: "/api/user/subscription",
    summary: "The member's plan and Ask allowance",
    tags: ["Account"],
    access: "member",
    responses: { 200: json("The plan", subscriptionResponseSchema), ...errors(401) },
  },
} as const satisfies Record<string, RouteContract>;
