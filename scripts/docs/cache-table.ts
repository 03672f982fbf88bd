import { CACHE_POLICIES, type CachePolicy } from "#worker/lib/cache-policies.ts";

const seconds = (s: number): string => (s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 && s >= 120 ? `${s / 60} min` : `${s} s`);

function colo(value: CachePolicy["colo"]): string {
  if (value === null) return "-";
  if (typeof value === "number") return seconds(value);
  return Object.entries(value)
    .map(([range, s]) => `${range} ${seconds(s)}`)
    .join(", ");
}

/** The Markdown table of every cache policy (worker/lib/cache-policies.ts), as docs/caching.md shows it. */
export function renderCacheTable(): string {
  const rows = Object.entries(CACHE_POLICIES as Record<string, CachePolicy>).map(
    ([name, p]) =>
      `| ${p.answer} | \`${name}\` | ${p.browser ? `\`${p.browser}\`` : "-"} | ${colo(p.colo)} | ${p.kv === null ? "-" : seconds(p.kv)} | ${p.key} |`,
  );
  return [
    "| answer | policy | browser (Cache-Control) | colo (and isolate memory) | KV | key carries |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}
