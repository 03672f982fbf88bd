import { adminContract } from "./admin.ts";
import { alertsContract } from "./alerts.ts";
import { memberContract } from "./member.ts";
import { plansContract } from "./plans.ts";
import { publicContract } from "./public.ts";
import type { RouteContract } from "./route-contract.ts";
import { siteContract } from "./site.ts";

export type { ResponseContract, RouteContract } from "./route-contract.ts";

/**
 * Every route the Worker answers, keyed by operation id: the routes validate with these schemas,
 * the OpenAPI document (/api/openapi.json) is generated from them, and worker tests check every
 * answer they read against them. docs/api.md says how to add a route.
 */
export const apiContract = {
  ...publicContract,
  ...memberContract,
  ...plansContract,
  ...siteContract,
  ...adminContract,
  ...alertsContract,
} as const satisfies Record<string, RouteContract>;

export type ApiContract = typeof apiContract;
export type OperationId = keyof ApiContract;
