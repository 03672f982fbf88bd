import type { CSSProperties } from "react";
import styles from "./watchlist.module.css";

/**
 * A five-pointed star, filled or outlined, drawn by the stylesheet (a mask in the text's colour)
 * rather than as an inline SVG: the Top 500 has a star in each of its 100 rows, and their SVGs were
 * 33 KB of its server-rendered HTML and 200 of its elements (docs/decisions/performance/first-render-budget.md).
 */
export function StarIcon({ filled, size = 18 }: { filled: boolean; size?: number }) {
  const style = size === 18 ? undefined : ({ "--star-size": `${size}px` } as CSSProperties);
  return <span className={filled ? `${styles.icon} ${styles.filled}` : styles.icon} style={style} aria-hidden="true" />;
}
