/**
 * Writes the cover illustrations (web/public/images/covers/*.svg and the default card image) and
 * their PNG twins for link previews, which social networks need as raster images:
 *   node scripts/data/covers.ts
 * The SVGs are what the site shows; rerun after changing a design here.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { projectRoot } from "../lib/wrangler.ts";

const W = 1200;
const H = 630;

type Cover = { file: string; label: string; from: string; to: string; art: string };

const white = (opacity: number) => `fill="#fff" fill-opacity="${opacity}"`;
const stroke = (opacity: number, width = 10) =>
  `fill="none" stroke="#fff" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;

/** The Coinsight coin mark, centred at (cx, cy) with radius r. */
const coin = (cx: number, cy: number, r: number, opacity = 0.95) => `
  <circle cx="${cx}" cy="${cy}" r="${r}" ${white(0.16)}/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.78}" ${stroke(opacity, r * 0.12)}/>
  <path d="M${cx} ${cy - r * 0.42}v${r * 0.84}M${cx - r * 0.28} ${cy - r * 0.16}h${r * 0.42}a${r * 0.19} ${r * 0.19} 0 0 1 0 ${r * 0.38}H${cx - r * 0.28}" ${stroke(opacity, r * 0.1)}/>`;

/**
 * A speech bubble: a box `w` by `h` inside corners of radius `r`, with its tail at the bottom left
 * (along the bottom for `a`, then `b` back and `c` down, and straight up again).
 */
const bubble = (
  x: number,
  y: number,
  { w, h, r, tail: [a, b, c] }: { w: number; h: number; r: number; tail: [number, number, number] },
  opacity: number,
) =>
  `<path d="M${x} ${y} h${w} a${r} ${r} 0 0 1 ${r} ${r} v${h} a${r} ${r} 0 0 1 -${r} ${r} h-${a} l-${b} ${c} v-${c} h-${w - a - b} a${r} ${r} 0 0 1 -${r} -${r} v-${h} a${r} ${r} 0 0 1 ${r} -${r}z" ${white(opacity)}/>`;

/** Dots of chatter: [x, y, radius, opacity] each. */
const dots = (list: [number, number, number, number][]) =>
  list.map(([x, y, r, o]) => `<circle cx="${x}" cy="${y}" r="${r}" ${white(o)}/>`).join("");

const covers: Cover[] = [
  {
    file: "covers/getting-started.svg",
    label: "Crypto 101 · Getting Started",
    from: "#4f46e5",
    to: "#7c3aed",
    // Stepping stones leading up to a coin.
    art: `
  <path d="M180 500 C 360 500, 420 380, 560 380 S 760 260, 880 250" ${stroke(0.35, 8)} stroke-dasharray="4 26"/>
  <circle cx="180" cy="500" r="34" ${white(0.85)}/><circle cx="370" cy="455" r="28" ${white(0.6)}/>
  <circle cx="560" cy="380" r="28" ${white(0.6)}/><circle cx="740" cy="300" r="28" ${white(0.6)}/>
  ${coin(900, 230, 120)}`,
  },
  {
    file: "covers/security-safety.svg",
    label: "Crypto 101 · Security & Safety",
    from: "#0f766e",
    to: "#059669",
    // A shield with a keyhole, and a ring of seed words as dots.
    art: `
  ${Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    return `<circle cx="${(900 + Math.cos(a) * 230).toFixed(1)}" cy="${(340 + Math.sin(a) * 230).toFixed(1)}" r="12" ${white(0.35)}/>`;
  }).join("")}
  <path d="M900 160 L1040 215 V340 C1040 430 980 490 900 525 C820 490 760 430 760 340 V215 Z" ${white(0.18)}/>
  <path d="M900 160 L1040 215 V340 C1040 430 980 490 900 525 C820 490 760 430 760 340 V215 Z" ${stroke(0.95, 12)}/>
  <circle cx="900" cy="320" r="34" ${white(0.95)}/><path d="M885 340 h30 l-8 70 h-14 z" ${white(0.95)}/>`,
  },
  {
    file: "covers/trading-investing.svg",
    label: "Crypto 101 · Trading & Investing",
    from: "#1d4ed8",
    to: "#0891b2",
    // Candlesticks under a rising trend line.
    art: `
  ${[
    [560, 400, 70, 0.55],
    [630, 360, 90, 0.85],
    [700, 380, 60, 0.55],
    [770, 300, 110, 0.85],
    [840, 270, 80, 0.85],
    [910, 290, 60, 0.55],
    [980, 200, 120, 0.85],
  ]
    .map(
      ([x = 0, y = 0, h = 0, o = 0]) =>
        `<line x1="${x}" y1="${y - 30}" x2="${x}" y2="${y + h + 30}" ${stroke(o, 4)}/><rect x="${x - 18}" y="${y}" width="36" height="${h}" rx="6" ${white(o)}/>`,
    )
    .join("")}
  <path d="M520 470 L630 420 L700 430 L800 340 L880 320 L990 210 L1080 170" ${stroke(0.95, 10)}/>
  <path d="M1040 160 L1084 168 L1070 212" ${stroke(0.95, 10)}/>`,
  },
  {
    file: "covers/advanced-topics.svg",
    label: "Crypto 101 · Advanced Topics",
    from: "#334155",
    to: "#6d28d9",
    // Chained blocks with a network of nodes above them.
    art: `
  ${[560, 720, 880]
    .map(
      (x, i) =>
        `<rect x="${x}" y="330" width="120" height="120" rx="18" ${white(0.2 + i * 0.1)}/><rect x="${x}" y="330" width="120" height="120" rx="18" ${stroke(0.9, 8)}/>${i < 2 ? `<line x1="${x + 120}" y1="390" x2="${x + 160}" y2="390" ${stroke(0.9, 8)}/>` : ""}`,
    )
    .join("")}
  ${[
    [600, 170],
    [720, 230],
    [860, 150],
    [980, 230],
    [1060, 140],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="16" ${white(0.85)}/>`)
    .join("")}
  <path d="M600 170 L720 230 L860 150 L980 230 L1060 140 M720 230 L780 330 M980 230 L940 330" ${stroke(0.4, 4)}/>`,
  },
  {
    file: "covers/daily-roundup.svg",
    label: "Daily Roundup",
    from: "#0369a1",
    to: "#f59e0b",
    // A sun rising over the market's day.
    art: `
  <circle cx="820" cy="430" r="150" ${white(0.9)}/>
  ${Array.from({ length: 9 }, (_, i) => {
    const a = Math.PI + (i / 8) * Math.PI;
    const [x1, y1, x2, y2] = [820 + Math.cos(a) * 190, 430 + Math.sin(a) * 190, 820 + Math.cos(a) * 250, 430 + Math.sin(a) * 250];
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" ${stroke(0.7, 10)}/>`;
  }).join("")}
  <rect x="0" y="430" width="${W}" height="${H - 430}" fill="#0c4a6e" fill-opacity="0.55"/>
  <path d="M520 560 L620 520 L700 540 L800 490 L900 505 L1000 460 L1100 470" ${stroke(0.9, 8)}/>`,
  },
  {
    file: "covers/trending-analysis.svg",
    label: "Trending Analysis",
    from: "#be185d",
    to: "#7c3aed",
    // Speech bubbles (social chatter) lifting a rising bar chart.
    art: `
  ${[
    [600, 380, 0.5],
    [680, 320, 0.6],
    [760, 260, 0.75],
    [840, 190, 0.9],
  ]
    .map(([x = 0, y = 0, o = 0]) => `<rect x="${x}" y="${y}" width="56" height="${480 - y}" rx="10" ${white(o)}/>`)
    .join("")}
  ${bubble(930, 130, { w: 170, h: 70, r: 24, tail: [110, 40, 34] }, 0.9)}
  ${bubble(950, 300, { w: 120, h: 50, r: 20, tail: [80, 30, 26] }, 0.55)}
`,
  },
  // Trending Analysis covers vary by coin (worker/features/newsroom/covers.ts): one theme, social
  // chatter lifting a market, drawn five more ways in five more colours.
  {
    file: "covers/trending-analysis-1.svg",
    label: "Trending Analysis",
    from: "#0f766e",
    to: "#1d4ed8",
    // A pulse line breaking upwards under a speech bubble.
    art: `
  <path d="M520 420 H640 l30 -70 l40 140 l40 -210 l36 120 l28 -40 H1000 l90 -150" ${stroke(0.85, 12)}/>
  ${bubble(930, 110, { w: 150, h: 60, r: 22, tail: [96, 36, 30] }, 0.9)}
`,
  },
  {
    file: "covers/trending-analysis-2.svg",
    label: "Trending Analysis",
    from: "#c2410c",
    to: "#be123c",
    // A radar of mentions: rings with blips.
    art: `
  ${[70, 140, 210].map((r) => `<circle cx="860" cy="340" r="${r}" ${stroke(0.35, 6)}/>`).join("")}
  <path d="M860 340 L1040 230" ${stroke(0.8, 8)}/>
  ${dots([
    [960, 280, 16, 0.95],
    [760, 250, 12, 0.7],
    [920, 450, 10, 0.6],
    [1010, 380, 9, 0.55],
    [720, 400, 8, 0.5],
  ])}
`,
  },
  {
    file: "covers/trending-analysis-3.svg",
    label: "Trending Analysis",
    from: "#15803d",
    to: "#0e7490",
    // A rising line with its area, and a crowd of small bubbles above it.
    art: `
  <path d="M520 500 L620 430 L700 460 L800 340 L880 370 L980 230 L1100 170 V540 H520Z" ${white(0.18)}/>
  <path d="M520 500 L620 430 L700 460 L800 340 L880 370 L980 230 L1100 170" ${stroke(0.9, 10)}/>
  ${[
    [700, 250, 40, 0.55],
    [800, 190, 30, 0.7],
    [890, 130, 24, 0.85],
  ]
    .map(
      ([x = 0, y = 0, r = 0, o = 0]) =>
        `<circle cx="${x}" cy="${y}" r="${r}" ${white(o)}/><path d="M${x - r * 0.4} ${y + r * 0.8} l-${r * 0.3} ${r * 0.5} l${r * 0.7} -${r * 0.35}z" ${white(o)}/>`,
    )
    .join("")}
`,
  },
  {
    file: "covers/trending-analysis-4.svg",
    label: "Trending Analysis",
    from: "#4338ca",
    to: "#0369a1",
    // Speech bubbles stacked into a column that rises like a chart.
    art: `
  ${[
    [620, 430, 0.45],
    [720, 360, 0.6],
    [820, 280, 0.75],
    [920, 190, 0.92],
  ]
    .map(([x = 0, y = 0, o = 0]) => bubble(x, y, { w: 130, h: 46, r: 20, tail: [84, 30, 26] }, o))
    .join("")}
`,
  },
  {
    file: "covers/trending-analysis-5.svg",
    label: "Trending Analysis",
    from: "#a16207",
    to: "#9d174d",
    // An upward arrow through a ring of chatter.
    art: `
  <circle cx="860" cy="330" r="190" ${stroke(0.3, 8)} stroke-dasharray="18 22"/>
  <path d="M720 470 L1000 190 M1000 190 H890 M1000 190 V300" ${stroke(0.92, 16)}/>
  ${dots([
    [700, 220, 26, 0.6],
    [1030, 430, 22, 0.5],
  ])}
`,
  },
  {
    file: "default-card.svg",
    label: "Coinsight",
    from: "#4f46e5",
    to: "#0f172a",
    art: coin(860, 300, 170),
  },
];

const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");

function svg(cover: Cover, index: number): string {
  const id = `g${index}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(cover.label)}">
  <defs>
    <linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${cover.from}"/>
      <stop offset="1" stop-color="${cover.to}"/>
    </linearGradient>
    <pattern id="${id}-grid" width="40" height="40" patternUnits="userSpaceOnUse">
      <path d="M40 0H0V40" fill="none" stroke="#fff" stroke-opacity="0.06" stroke-width="1"/>
    </pattern>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#${id})"/>
  <rect width="${W}" height="${H}" fill="url(#${id}-grid)"/>
  <circle cx="120" cy="80" r="220" fill="#fff" fill-opacity="0.05"/>${cover.art}
  <text x="72" y="120" fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="40" font-weight="700" letter-spacing="1">${escapeXml(cover.label)}</text>
</svg>
`;
}

const outDir = join(projectRoot, "web/public/images");
mkdirSync(join(outDir, "covers"), { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width: W, height: H } });
for (const [i, cover] of covers.entries()) {
  const text = svg(cover, i);
  writeFileSync(join(outDir, cover.file), text);
  await page.setContent(`<html><body style="margin:0">${text}</body></html>`);
  await page.screenshot({
    path: join(outDir, cover.file.replace(/\.svg$/, ".jpg")),
    type: "jpeg",
    quality: 86,
    clip: { x: 0, y: 0, width: W, height: H },
  });
  console.log(`wrote ${cover.file} and its JPEG`);
}
await browser.close();
