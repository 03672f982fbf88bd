export type NavItem = { label: string; to: string };

/** The header's main navigation (public-site.md §2). */
export const mainNav: readonly NavItem[] = [
  { label: "Home", to: "/" },
  { label: "Daily Roundup", to: "/categories/daily-roundup" },
  { label: "Trending Analysis", to: "/categories/trending-analysis" },
  { label: "Top 500", to: "/markets" },
  { label: "Crypto 101", to: "/crypto-101" },
  { label: "Bear Invaders", to: "/bear-invaders" },
];

/** Active when the path matches exactly, or, for anything but "/", as a prefix. */
export function isActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === currentPath) return true;
  return itemPath !== "/" && currentPath.startsWith(itemPath);
}
