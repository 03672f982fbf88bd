import { queryOptions } from "@tanstack/react-query";
import { request } from "#web/lib/api-client.ts";
import { mappingKeys } from "#web/lib/chart-mapping.ts";

export function adminStatsQuery() {
  return queryOptions({ queryKey: mappingKeys.stats, queryFn: () => request("getAdminStats"), staleTime: 0 });
}
