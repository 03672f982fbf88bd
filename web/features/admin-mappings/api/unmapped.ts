import { queryOptions } from "@tanstack/react-query";
import { request } from "#web/lib/api-client.ts";
import { mappingKeys } from "#web/lib/chart-mapping.ts";

/** Unmapped coins; the tab renders only while open, so this is fetched only then. */
export function unmappedQuery() {
  return queryOptions({
    queryKey: mappingKeys.unmapped,
    queryFn: () => request("listUnmappedCryptos"),
    staleTime: 0,
  });
}
