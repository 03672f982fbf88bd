import { useQuery } from "@tanstack/react-query";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { formatChange, formatPrice } from "#schema/contracts/format.ts";
import { originOf, replayClock, useSiteStatus } from "#web/components/site-status.ts";
import { ChangeTile, ChangeTiles } from "#web/components/ui/change-tile.tsx";
import { utcDay } from "#web/lib/format.ts";
import { changeSince, historyQuery } from "../api/history.ts";

const PERIODS = [
  { label: "14 days", days: 14 },
  { label: "30 days", days: 30 },
  { label: "1 year", days: 365 },
] as const;

/**
 * The 14-day, 30-day and 1-year changes, which the market feed does not give: read from the year of
 * daily prices the chart draws (the same query, so no second request), each from the price recorded at
 * its period's start, and a dash that says so where none is recorded.
 */
export function LongChanges({ coin }: { coin: Crypto }) {
  const { data } = useQuery(historyQuery(coin.symbol, "1y"));
  const replay = replayClock(useSiteStatus().data);
  if (data?.range !== "1y") return null;
  const at = Date.parse(coin.lastUpdated) / 1000;
  return (
    <ChangeTiles label="Longer-term changes">
      {PERIODS.map(({ label, days }) => {
        const since = changeSince(data.points, coin.priceUsd, at, days);
        const origin = since && replay ? originOf(since.time, replay) : null;
        const recorded = origin && origin !== "modelled" ? `, recorded ${utcDay(origin.recorded)}, replayed` : "";
        return (
          <ChangeTile
            key={days}
            label={label}
            value={since ? formatChange(since.change) : null}
            title={since ? `From ${formatPrice(since.from)} on ${utcDay(since.time)}${recorded}` : undefined}
            missing={`No price of ${coin.name} is recorded ${days === 365 ? "a year" : `${days} days`} ago`}
          />
        );
      })}
    </ChangeTiles>
  );
}
