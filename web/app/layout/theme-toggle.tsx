import { useTheme } from "#web/lib/theme.ts";
import styles from "./header.module.css";

/**
 * A toggle button with a fixed name ("Dark theme", which starts with the visible word) and its state
 * in aria-pressed: a screen reader says "Dark theme, toggle button, pressed"; sighted readers see
 * the word, and the pill filled while it is on.
 */
export function ThemeToggle() {
  const [theme, toggle] = useTheme();
  const dark = theme === "dark";
  return (
    <button type="button" className={`btn btn-ghost ${styles.themeToggle}`} aria-label="Dark theme" aria-pressed={dark} onClick={toggle}>
      <span aria-hidden="true" className={styles.themeIcon}>
        ☾
      </span>
      <span className={styles.themeLabel}>Dark</span>
    </button>
  );
}
