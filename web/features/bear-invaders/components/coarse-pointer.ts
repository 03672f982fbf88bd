import { useSyncExternalStore } from "react";

/**
 * A touch screen's pointer: the touch half of the stylesheet's phone rule (bear-invaders.module.css).
 * The screen-reader line follows the pointer, not the width: a narrow or zoomed desktop window still
 * has its keyboard, and a touch screen has no Space key to press.
 */
export const COARSE_POINTER = "(hover: none) and (pointer: coarse)";

function query(): MediaQueryList | null {
  // jsdom and the server's render have no matchMedia: they count as a keyboard.
  return typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(COARSE_POINTER) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

/** True while the main pointer is a finger (a phone or tablet), updated when that changes. */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
