import type { PointerEvent as ReactPointerEvent } from "react";
import type { Input } from "../game/state.ts";
import styles from "./bear-invaders.module.css";

type Held = keyof Input;

const BUTTONS: { key: Held; label: string; icon: string }[] = [
  { key: "left", label: "Move left", icon: "◀" },
  { key: "fire", label: "Fire", icon: "Fire" },
  { key: "right", label: "Move right", icon: "▶" },
];

/**
 * On-screen buttons for phones. They act while held, like keys; pointer capture makes sure the
 * release arrives even when the finger slides off the button.
 */
export function TouchControls({ onHold }: { onHold: (key: Held, down: boolean) => void }) {
  const press = (key: Held) => (event: ReactPointerEvent<HTMLButtonElement>) => {
    // No focus move (that would pause the game), no text selection, no emulated mouse events.
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    onHold(key, true);
  };
  const release = (key: Held) => () => onHold(key, false);
  return (
    <div className={styles.touch}>
      {BUTTONS.map((b) => (
        <button
          key={b.key}
          type="button"
          tabIndex={-1}
          aria-label={b.label}
          className={b.key === "fire" ? `${styles.touchButton} ${styles.fireButton}` : styles.touchButton}
          onPointerDown={press(b.key)}
          onPointerUp={release(b.key)}
          onPointerCancel={release(b.key)}
          onLostPointerCapture={release(b.key)}
          onContextMenu={(e) => e.preventDefault()}
        >
          <span aria-hidden="true">{b.icon}</span>
        </button>
      ))}
    </div>
  );
}
