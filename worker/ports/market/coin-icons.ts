import ids from "./data/coin-icons.json";

const withIcon = new Set<string>(ids);

/**
 * The site's own logo of a coin (`/coins/<id>.svg`, built from @web3icons/core), or "" when the
 * package has none and the page draws the coin's initials. Never a third-party image host
 * (docs/decisions/markets/coin-logos.md).
 */
export function coinIconUrl(id: string): string {
  return withIcon.has(id) ? `/coins/${id}.svg` : "";
}
