import type { Source } from "./article.ts";

/** How a generated article says who made it and from what, built only from its stored sources. */

export const NEWSROOM_BYLINE = "Coinsight Newsroom";
export const METHODOLOGY_PATH = "/methodology";

export type Provenance = {
  byline: typeof NEWSROOM_BYLINE;
  /** "AI-written (gpt-4o-mini), figures machine-checked" or "Written from data by Coinsight's template writer"; null when unknown. */
  production: string | null;
  market: Source | null;
  social: Source | null;
};

export function provenanceOf(sources: readonly Source[]): Provenance {
  const writer = sources.find((s) => s.role === "writer");
  let production: string | null = null;
  if (writer?.kind === "ai") production = `AI-written (${writer.model ?? "unknown model"}), figures machine-checked`;
  else if (writer?.kind === "template") production = "Written from data by Coinsight's template writer";
  return {
    byline: NEWSROOM_BYLINE,
    production,
    market: sources.find((s) => s.role === "market") ?? null,
    social: sources.find((s) => s.role === "social") ?? null,
  };
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "22 Nov 2026, 06:00 UTC". Spelled by hand: toLocaleDateString builds an Intl formatter per call and
 * loads the locale's data on the first, the largest script cost of an article on a phone.
 */
export function dataTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "unknown";
  const day = `${at.getUTCDate()} ${SHORT_MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
  return `${day}, ${at.toISOString().slice(11, 16)} UTC`;
}
