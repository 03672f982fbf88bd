/** Colours the canvas draws with, read from the CSS custom properties of the game element. */
export type Palette = {
  field: string;
  grid: string;
  line: string;
  text: string;
  muted: string;
  bull: string;
  horn: string;
  bullShot: string;
  bearShot: string;
  bears: [string, string, string];
  snout: string;
  eye: string;
  spark: string;
};

// Mirrors bear-invaders.module.css so a missing stylesheet still draws a readable game.
const FALLBACK: Palette = {
  field: "#ffffff",
  grid: "#eef0f5",
  line: "#d02f3f",
  text: "#0f172a",
  muted: "#5b6476",
  bull: "#0f8a4a",
  horn: "#8a7a5c",
  bullShot: "#0f8a4a",
  bearShot: "#d02f3f",
  bears: ["#4a2c1a", "#6e4328", "#8f5a34"],
  snout: "#e7c9a5",
  eye: "#17110c",
  spark: "#b45309",
};

export function readPalette(element: Element): Palette {
  const style = getComputedStyle(element);
  const get = (name: string, fallback: string) => style.getPropertyValue(`--bi-${name}`).trim() || fallback;
  return {
    field: get("field", FALLBACK.field),
    grid: get("grid", FALLBACK.grid),
    line: get("line", FALLBACK.line),
    text: get("text", FALLBACK.text),
    muted: get("muted", FALLBACK.muted),
    bull: get("bull", FALLBACK.bull),
    horn: get("horn", FALLBACK.horn),
    bullShot: get("bull-shot", FALLBACK.bullShot),
    bearShot: get("bear-shot", FALLBACK.bearShot),
    bears: [get("bear-1", FALLBACK.bears[0]), get("bear-2", FALLBACK.bears[1]), get("bear-3", FALLBACK.bears[2])],
    snout: get("snout", FALLBACK.snout),
    eye: get("eye", FALLBACK.eye),
    spark: get("spark", FALLBACK.spark),
  };
}
