import { queryOptions } from "@tanstack/react-query";
import type { UnmappedList } from "#schema/contracts/charts.ts";
import { api } from "#web/lib/api.ts";
import { mappingKeys } from "#web/lib/chart-mapping.ts";

/** Unmapped coins; the tab renders only while open, so this is fetched only then. */
export function unmappedQuery() {
  return queryOptions({
    queryKey: mappingKeys.unmapped,
    queryFn: () => api<UnmappedList>("/api/admin/unmapped-cryptos"),
    staleTime: 0,
  });
}
