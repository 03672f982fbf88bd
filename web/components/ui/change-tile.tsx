import type { ReactNode } from "react";
import { UNKNOWN } from "#schema/contracts/format.ts";
import { ChangeText } from "./change-text.tsx";
import styles from "./change-tile.module.css";

/** A row of change tiles (the coin page's 1 h / 24 h / 7 d, and its longer periods). */
export function ChangeTiles({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul className={styles.tiles} aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * One period's change, coloured and arrowed by its own sign; an unknown change is a dash whose
 * `missing` text says why, never a coloured zero.
 */
export function ChangeTile({ label, value, missing, title }: { label: string; value: string | null; missing: string; title?: string }) {
  return (
    <li className={styles.tile}>
      <span className={styles.label}>{label}</span>
      {value == null ? (
        <span className="num muted" title={missing}>
          {UNKNOWN}
        </span>
      ) : (
        <span className={styles.value} title={title}>
          <ChangeText value={value} arrow />
        </span>
      )}
    </li>
  );
}
