/** What a key does in the game; "block" keys do nothing but must not scroll the page. */
export type KeyAction = "left" | "right" | "fire" | "restart" | "pause" | "block";

type KeyLike = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">;

const ACTIONS: Record<string, KeyAction> = {
  ArrowLeft: "left",
  a: "left",
  ArrowRight: "right",
  d: "right",
  " ": "fire",
  Spacebar: "fire",
  r: "restart",
  p: "pause",
  Escape: "pause",
  ArrowUp: "block",
  ArrowDown: "block",
};

export function keyAction(event: KeyLike): KeyAction | null {
  // Browser shortcuts (Ctrl+R reload, Cmd+D bookmark...) keep working.
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return ACTIONS[key] ?? null;
}
