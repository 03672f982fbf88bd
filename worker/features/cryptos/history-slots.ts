/** Where price history points live and how long at what spacing (a module without Worker types, for the seed script too). */

/** Fresh history points share a 5-minute bucket: ticks inside one bucket overwrite each other. */
export const HISTORY_BUCKET_S = 300;
/** Points younger than this keep their 5-minute bucket; older ones are thinned to one an hour. */
export const KEEP_FINE_S = 2 * 86_400;
/** Points older than this are thinned to one a day (the UTC midnight). */
export const KEEP_HOURLY_S = 90 * 86_400;

/**
 * The slot a point at `ts` (unix seconds) survives the roll-up in, seen at `now`: its 5-minute bucket
 * for the last 2 days, its hour up to 90 days, its UTC day beyond. Seeded history is placed on these
 * slots, so the nightly roll-up never deletes a recorded point.
 */
export function keptSlot(ts: number, now: number): number {
  const age = now - ts;
  const size = age > KEEP_HOURLY_S ? 86_400 : age > KEEP_FINE_S ? 3_600 : HISTORY_BUCKET_S;
  return Math.floor(ts / size) * size;
}
