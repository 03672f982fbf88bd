import type { Fact, Period } from "#worker/lib/grounding/types.ts";

/**
 * The frame form of a fact: one canonical sentence the frames read and the facts back, citing the
 * fact by id. A held draft's repair request offers these for each held sentence's facts, so a
 * writer that follows them is published; the prompts show a few as examples. Null for facts no
 * sentence of their own carries (fixed labels, comparisons, ranges).
 */
/** A period as the frames read it after a figure ("over 7 days"): the forms use it, and so may writers. */
export const PERIOD_TEXT: Record<Period, string> = {
  "1h": "over the past hour",
  "24h": "over 24 hours",
  "7d": "over 7 days",
  "30d": "over 30 days",
  "1y": "over the past year",
};
const GROUP_TEXT: Record<string, string> = { tracked: "the coins tracked", top100: "the coins tracked", band: "the band's coins" };

/** "from A to B": a day-earlier figure and today's, of one coin and measure, as one sentence. */
export function pairForm(prior: Fact, current: Fact, names: ReadonlyMap<string, string>): string | null {
  const name = current.subject ? names.get(current.subject) : undefined;
  const what = current.metric === "galaxyScore" ? "Galaxy Score" : current.metric === "altRank" ? "AltRank" : null;
  if (!name || !what) return null;
  return `${name}'s ${what} went from {{${prior.id}}} to {{${current.id}}}.`;
}

export function frameForm(fact: Fact, names: ReadonlyMap<string, string>, labels: ReadonlyMap<string, string> = new Map()): string | null {
  const cite = `{{${fact.id}}}`;
  const name = fact.subject ? (names.get(fact.subject) ?? null) : null;
  if (fact.baseline && name) return `On a usual day, ${name}'s price moves by about ${cite}.`;
  if (fact.versus === "usual") return `Today's move is ${cite} times that.`;
  if (fact.kind === "label" || fact.metric === "relative" || fact.metric === "range" || fact.prior || fact.baseline) return null;
  if (!fact.subject && fact.group && fact.metric !== "count") {
    const group = GROUP_TEXT[fact.group] ?? "the coins tracked";
    // A group is named by its cited label ("the {{scope.top100}}"): "top 100" written out is a figure outside a citation.
    const label = labels.get(fact.group);
    if (fact.metric === "change" && fact.stat === "median")
      return label ? `The median move in the {{${label}}} was ${cite}.` : `The median move of the coins tracked was ${cite}.`;
    if (fact.metric === "marketCap") return `${capital(group)} were worth a combined ${cite}.`;
    if (fact.metric === "volume") return `The combined trading volume was ${cite}.`;
    if (fact.metric === "sentiment") return `The average share of positive posts was ${cite}.`;
    return null;
  }
  if (fact.metric === "count" && fact.sense) return `${cite} coins ${fact.sense > 0 ? "rose" : "fell"}.`;
  if (!name) return null;
  switch (fact.metric) {
    case "change":
      if (Math.abs(fact.value) < 0.25) return `${name} was little changed at ${cite} ${PERIOD_TEXT[fact.period ?? "24h"]}.`;
      return `${name} ${fact.value > 0 ? "rose" : "fell"} ${cite} ${PERIOD_TEXT[fact.period ?? "24h"]}.`;
    case "price":
      return `${name} trades at ${cite}.`;
    case "marketCap":
      return `${name}'s market cap stood at ${cite}.`;
    case "volume":
      return `${name}'s 24-hour trading volume was ${cite}.`;
    case "rank":
      return `${name} is ranked ${cite} by market cap.`;
    case "galaxyScore":
      return `${name}'s Galaxy Score stood at ${cite}.`;
    case "galaxyChange":
      return null;
    case "altRank":
      return `${name}'s AltRank stood at ${cite}.`;
    case "sentiment":
      return `${cite} of posts about ${name} were positive.`;
    case "socialVolume":
      return `${name} drew ${cite} posts over 24 hours.`;
    case "interactions":
      return `${name} drew ${cite} interactions over 24 hours.`;
    case "dominance":
      return fact.kind === "percent" && /social/i.test(fact.label)
        ? `${name} accounted for ${cite} of all social volume.`
        : `${name}'s share of the total market value stood at ${cite}.`;
    case "circulatingSupply":
      return `${name}'s circulating supply was ${cite}.`;
    case "totalSupply":
      return `${name}'s total supply was ${cite}.`;
    case "maxSupply":
      return `${name}'s maximum supply was ${cite}.`;
    case "position":
      if (fact.ranking === "momentum") return `${name} places ${cite} for social momentum.`;
      if (fact.ranking === "gainers" || fact.ranking === "losers") return `${name} ranks ${cite} among the day's ${fact.ranking}.`;
      return null;
    default:
      return null;
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
