import { useCallback, useSyncExternalStore } from "react";

export type Theme = "light" | "dark";
/** localStorage key; public/theme-init.js reads the same key before first paint. */
export const THEME_KEY = "theme";

const listeners = new Set<() => void>();

function current(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

export function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Private modes can refuse storage; the theme still applies for this visit.
  }
  for (const l of listeners) l();
}

export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    current,
    () => "light" as Theme,
  );
  const toggle = useCallback(() => setTheme(current() === "dark" ? "light" : "dark"), []);
  return [theme, toggle];
}
