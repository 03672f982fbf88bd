import { replaceEqualDeep } from "@tanstack/react-query";

/** A coin as the price queries hold it: enough to tell which of two copies is newer. */
type Row = { id: string; priceUsd: number; lastUpdated: string };

function isRow(value: unknown): value is Row {
  const v = value as Partial<Row> | null;
  return (
    typeof v === "object" && v !== null && typeof v.id === "string" && typeof v.priceUsd === "number" && typeof v.lastUpdated === "string"
  );
}

/**
 * A price answer's coins, and how to rebuild the answer in its own shape from them: one coin, a list,
 * or a page of the table ({ data: [...] }). Null for any other data.
 */
function coinsIn(value: unknown): { coins: unknown[]; rebuild: (coins: unknown[]) => unknown } | null {
  if (isRow(value)) return { coins: [value], rebuild: ([coin]) => coin };
  if (Array.isArray(value)) return { coins: value, rebuild: (coins) => coins };
  const data = (value as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? { coins: data, rebuild: (coins) => ({ ...(value as object), data: coins }) } : null;
}

/**
 * The data a price query keeps when a new answer arrives: the answer, except that a coin the cache
 * already holds at a later `lastUpdated` keeps that copy. The live socket writes each tick into the
 * cache; a fetch started before the tick, or one read from D1 (which takes the prices once per 5-minute
 * bucket), must not roll a price back to what it was (a coin page once showed the price from before a
 * move for a whole tick). Any other data is shared as React Query shares it.
 */
export function keepNewerPrices(previous: unknown, next: unknown): unknown {
  const held = new Map((coinsIn(previous)?.coins ?? []).filter(isRow).map((r) => [r.id, r]));
  if (held.size === 0) return replaceEqualDeep(previous, next);
  const pick = (row: unknown) => {
    if (!isRow(row)) return row;
    const kept = held.get(row.id);
    return kept && Date.parse(kept.lastUpdated) > Date.parse(row.lastUpdated) ? kept : row;
  };
  const answer = coinsIn(next);
  return replaceEqualDeep(previous, answer ? answer.rebuild(answer.coins.map(pick)) : next);
}
