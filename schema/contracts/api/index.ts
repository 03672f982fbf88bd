import { accountContract } from "./account.ts";
import { adminUsersContract } from "./admin-users.ts";
import { alertsContract } from "./alerts.ts";
import { apiDocsContract } from "./api-docs.ts";
import { askContract } from "./ask.ts";
import { authContract } from "./auth.ts";
import { billingContract } from "./billing.ts";
import { chartsContract } from "./charts.ts";
import { contentContract } from "./content.ts";
import { cryptosContract } from "./cryptos.ts";
import { editorialContract } from "./editorial.ts";
import { liveContract } from "./live.ts";
import { newsletterContract } from "./newsletter.ts";
import { newsroomContract } from "./newsroom.ts";
import { outboxContract } from "./outbox.ts";
import { pagesContract } from "./pages.ts";
import type { RouteContract } from "./route-contract.ts";
import { searchContract } from "./search.ts";
import { siteStatusContract } from "./site-status.ts";
import { testStateContract } from "./test-state.ts";
import { watchlistContract } from "./watchlist.ts";

export type { RouteContract } from "./route-contract.ts";

/**
 * Every route the Worker answers, keyed by operation id: one file per worker feature (named after
 * its folder in worker/features), assembled here into the one table. The routes validate with these
 * schemas and are typed by them (worker/lib/route.ts), the OpenAPI document (/api/openapi.json) is
 * generated from them, and worker tests check every answer they read against them. docs/api.md says
 * how to add a route.
 */
export const apiContract = {
  ...cryptosContract,
  ...liveContract,
  ...chartsContract,
  ...siteStatusContract,
  ...contentContract,
  ...searchContract,
  ...authContract,
  ...accountContract,
  ...watchlistContract,
  ...billingContract,
  ...askContract,
  ...alertsContract,
  ...newsletterContract,
  ...newsroomContract,
  ...editorialContract,
  ...outboxContract,
  ...adminUsersContract,
  ...apiDocsContract,
  ...pagesContract,
  ...testStateContract,
} as const satisfies Record<string, RouteContract>;

export type ApiContract = typeof apiContract;
export type OperationId = keyof ApiContract;
