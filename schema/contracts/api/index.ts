import { publicContract } from "./public.ts";
import type { RouteContract } from "./route-contract.ts";

export type { ResponseContract, RouteContract } from "./route-contract.ts";

/**
 * Every route of the API, keyed by operation id: the routes validate with these schemas, the
 * OpenAPI document (/api/openapi.json) is generated from them, and worker tests check answers against them.
 */
export const apiContract = {
  ...publicContract,
} as const satisfies Record<string, RouteContract>;

export type ApiContract = typeof apiContract;
export type OperationId = keyof ApiContract;
