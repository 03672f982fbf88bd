/**
 * A series split at its missing values into runs of [x, y] pairs, so a gap is drawn as a gap and
 * never bridged by a straight line (the sparklines and the coin chart's sketch both draw this way).
 */
export function lineRuns<T>(
  items: readonly T[],
  value: (item: T) => number | null | undefined,
  x: (item: T, index: number) => number,
  y: (value: number) => number,
): [number, number][][] {
  const runs: [number, number][][] = [];
  let current: [number, number][] = [];
  items.forEach((item, i) => {
    const v = value(item);
    if (v == null) {
      if (current.length) runs.push(current);
      current = [];
    } else current.push([x(item, i), y(v)]);
  });
  if (current.length) runs.push(current);
  return runs;
}
