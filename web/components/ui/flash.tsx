import { type ReactNode, useEffect, useRef, useState } from "react";
import styles from "./flash.module.css";

const FLASH_MS = 1200;

/**
 * Wraps a figure that live prices move: when `value` changes after the first render, the figure
 * flashes green (up) or red (down) for a moment. With `prefers-reduced-motion` it is tinted for the
 * same moment without fading. A first render (server or client) never flashes.
 */
export function Flash({ value, children, className }: { value: number | null | undefined; children: ReactNode; className?: string }) {
  const previous = useRef(value);
  const [flash, setFlash] = useState<{ dir: "up" | "down"; key: number } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before == null || value == null || before === value) return;
    setFlash((f) => ({ dir: value > before ? "up" : "down", key: (f?.key ?? 0) + 1 }));
    const t = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(t);
  }, [value]);
  const cls = [className, flash ? `${styles.flash} ${styles[flash.dir]}` : ""].filter(Boolean).join(" ");
  return (
    // A new key restarts the animation when a second change comes before the first one ends.
    <span key={flash?.key ?? 0} className={cls || undefined} data-flash={flash?.dir}>
      {children}
    </span>
  );
}
