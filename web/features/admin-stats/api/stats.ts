import { queryOptions } from "@tanstack/react-query";
import type { AdminStats } from "#schema/contracts/charts.ts";
import { api } from "#web/lib/api.ts";
import { mappingKeys } from "#web/lib/chart-mapping.ts";

export function adminStatsQuery() {
  return queryOptions({ queryKey: mappingKeys.stats, queryFn: () => api<AdminStats>("/api/admin/stats"), staleTime: 0 });
}
