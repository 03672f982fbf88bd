/**
 * Logos that stay visible in both themes (issue 42, item 3). Many of the icon set's coloured logos are
 * a single colour: white ones vanished on the light theme, black ones on the dark. The build keeps a
 * coin's coloured ("branded") logo when one of its colours stands out from every surface an avatar
 * sits on, takes the icon set's "background" variant (the logo on its own coloured disc) when that one
 * does, and otherwise draws a mid-grey ring round the disc, which stands out from both.
 * (docs/decisions/markets/coin-logos.md)
 */

/** The surfaces of each theme an avatar is drawn on: the page's surface and the avatar's own backdrop. */
export const SURFACES = { light: ["#ffffff", "#f1f3f8"], dark: ["#121a2e", "#18223a"] } as const;
/** The contrast at which a shape is told apart from its surface: a logo is decoration beside its name. */
export const VISIBLE = 2;
/** The ring: 3:1 or more against every surface above. */
export const RING = "#8a94a6";

const NAMED: Record<string, string> = { white: "ffffff", black: "000000", red: "ff0000", blue: "0000ff", green: "008000" };

/** The colours an SVG paints with (fills, strokes, gradient stops), as six hex digits. Paint given by no attribute is black. */
export function coloursOf(svg: string): string[] {
  const out: string[] = [];
  for (const m of svg.matchAll(/(?:fill|stroke|stop-color)\s*[:=]\s*"?\s*(#[0-9a-f]{3,8}\b|[a-z]+)/gi)) {
    const value = (m[1] ?? "").toLowerCase();
    if (value.startsWith("#")) {
      const hex = value.slice(1);
      out.push(hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join("") : hex.slice(0, 6));
    } else if (NAMED[value]) out.push(NAMED[value]);
  }
  return out.length ? out : ["000000"];
}

function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** WCAG's contrast ratio of two colours (hex, with or without "#"). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a.replace("#", "")), luminance(b.replace("#", ""))].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** Whether some colour of the logo stands out from every surface of both themes. */
export function visibleInBothThemes(svg: string): boolean {
  const colours = coloursOf(svg);
  return [...SURFACES.light, ...SURFACES.dark].every((surface) => colours.some((c) => contrast(c, surface) >= VISIBLE));
}

/** The logo with a ring round its disc, drawn last so that nothing covers it. */
export function ringed(svg: string): string {
  const box = /viewBox="\s*([\d.-]+)\s+([\d.-]+)\s+([\d.]+)\s+([\d.]+)\s*"/.exec(svg);
  const [x, y, w, h] = box ? box.slice(1).map(Number) : [0, 0, 24, 24];
  const r = Math.min(w ?? 24, h ?? 24) / 2;
  const stroke = r / 12;
  const circle = `<circle cx="${(x ?? 0) + (w ?? 24) / 2}" cy="${(y ?? 0) + (h ?? 24) / 2}" r="${r - stroke / 2}" fill="none" stroke="${RING}" stroke-width="${stroke}"/>`;
  return svg.replace(/<\/svg>\s*$/, `${circle}</svg>`);
}

export type ChosenLogo = { svg: string; variant: "branded" | "background" | "ringed" };

/** The first of the coloured logo, its disc variant, or the disc with a ring, that shows in both themes. */
export function chooseLogo(branded: string, background: string | null): ChosenLogo {
  if (visibleInBothThemes(branded)) return { svg: branded, variant: "branded" };
  if (background && visibleInBothThemes(background)) return { svg: background, variant: "background" };
  return { svg: ringed(background ?? branded), variant: "ringed" };
}
