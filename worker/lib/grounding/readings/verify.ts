import { type FactIndex, pairDirection } from "#worker/lib/grounding/fact-index.ts";
import type { Claim, Fact, Group, Period, Ranking } from "#worker/lib/grounding/types.ts";
import type { Frame } from "./frames.ts";

/** The group each of the day's lists is drawn from: a superlative must name this group. */
const LIST_GROUP: Record<Ranking, Group> = {
  gainers: "tracked",
  losers: "tracked",
  socialVolume: "tracked",
  galaxyRise: "top100",
  momentum: "band",
};
const LIST_TEXT: Record<Ranking, string> = {
  gainers: "the day's gainers",
  losers: "the day's losers",
  socialVolume: "the coins by social posts",
  galaxyRise: "the coins by Galaxy Score gain",
  momentum: "the social momentum ranking",
};
const GROUP_TEXT: Record<string, string> = { tracked: "the tracked coins", top100: "the top 100", band: "the band", market: "the market" };
/** Under this size (in percent) a move is flat; the same line the figure check draws. */
const FLAT_BELOW = 0.25;

/**
 * The period a clause's own words name ("over 7 days", "in the last hour"), as the frames' period
 * phrases write them; null when it names none (a comparison is then of the day's changes).
 */
function clausePeriod(text: string): Period | null {
  if (/\b(?:30 days|month)\b/.test(text)) return "30d";
  if (/\byear\b/.test(text)) return "1y";
  if (/\b(?:7 days|seven days|week)\b/.test(text)) return "7d";
  if (/\bhour\b/.test(text)) return "1h";
  if (/\b(?:24 hours|day|today|session)\b/.test(text)) return "24h";
  return null;
}

/** One clause as the reader matched it: its frame, its facts, its coin and the direction its words give. */
export type Clause = {
  frame: Frame;
  text: string;
  facts: Fact[];
  /** Unknown ids stay here so the claim still lists what was cited. */
  ids: string[];
  subject: string | null;
  /** The coins the clause names, in order (a comparison's two sides). */
  coins: string[];
  direction: 1 | -1 | 0 | null;
  /** The group the clause (or the sentence's scope clause) names. */
  group: Group | "market" | null;
};

const fits = (fact: Fact, want: string): boolean =>
  want.split("|").some((w) => {
    if (w === "*") return true;
    if (w === "group") return fact.kind === "label" && fact.group !== undefined;
    if (w === "label") return fact.kind === "label";
    if (w === "count") return fact.metric === "count" || fact.kind === "count";
    if (w === "volatility") return fact.baseline === true || fact.kind === "percent";
    if (w.startsWith("position:")) return fact.metric === "position" && fact.ranking === w.slice(9);
    return fact.metric === w;
  });

/** What a wanted slot is, for a reason a reader can follow. */
function describe(want: string): string {
  const first = want.split("|")[0] ?? want;
  if (first.startsWith("position:")) return `a place in ${LIST_TEXT[first.slice(9) as Ranking]}`;
  const names: Record<string, string> = {
    change: "a price change",
    price: "a price",
    marketCap: "a market cap",
    volume: "a trading volume",
    rank: "a market-cap rank",
    sentiment: "a sentiment share",
    socialVolume: "a count of posts",
    interactions: "a count of interactions",
    group: "a group of coins",
    label: "a label",
    count: "a count of coins",
    galaxyScore: "a Galaxy Score",
    altRank: "an AltRank",
    dominance: "a market share",
    socialDominance: "a share of social volume",
  };
  return names[first] ?? first;
}

/** The group a cited group label or the clause's words name. */
export function groupOfFacts(facts: readonly Fact[]): Group | null {
  return facts.find((f) => f.kind === "label" && f.group)?.group ?? null;
}

/**
 * Checks one clause's claim against the facts: each cited figure is what the frame says it is, a
 * direction agrees with the cited change or pair, a superlative's coin holds that place in the
 * ranking of the group the clause names, a comparison agrees with both sides' figures. Returns
 * the claim and what disagrees.
 */
export function verifyClause(c: Clause, index: FactIndex, names: ReadonlyMap<string, string>): { claim: Claim | null; problems: string[] } {
  const problems: string[] = [];
  const name = (id: string | null) => (id ? (names.get(id) ?? id) : "the coin");
  const { frame } = c;
  c.facts.forEach((fact, i) => {
    const want = frame.want[Math.min(i, frame.want.length - 1)];
    if (want && !fits(fact, want)) problems.push(`"${fact.display}" is ${fact.label}, but the sentence reads it as ${describe(want)}`);
  });
  if (frame.kind === "scope" || frame.kind === "label") return { claim: null, problems };
  const extra: string[] = [];
  const claim: Claim = {
    subject: c.subject,
    metric: c.facts.find((f) => f.kind !== "label")?.metric ?? frame.want[0] ?? "label",
    kind: frame.kind,
    facts: c.ids,
  };
  const period = c.facts.find((f) => f.period)?.period;
  if (period) claim.period = period;
  if (c.group) claim.group = c.group;
  if (c.direction !== null) claim.direction = c.direction;

  // Direction: the cited change, else a "from A to B" pair, else a count that is itself a direction.
  if (frame.kind === "direction" && c.direction !== null) {
    const change = c.facts.find((f) => f.signed && f.metric === "change");
    const pair = c.facts.filter((f) => f.metric && ["galaxyScore", "altRank", "sentiment", "rank"].includes(f.metric));
    const prior = pair.find((f) => f.prior);
    const current = pair.find((f) => !f.prior);
    if (change) {
      const sign = Math.abs(change.value) < FLAT_BELOW ? 0 : Math.sign(change.value);
      if (c.direction === 0 && sign !== 0)
        problems.push(`the sentence says ${name(c.subject)} barely moved, but ${change.label} is ${change.display}`);
      if (c.direction !== 0 && Math.sign(change.value) !== c.direction && change.value !== 0)
        problems.push(`the sentence says it ${c.direction > 0 ? "rose" : "fell"}, but ${change.label} is ${change.display}`);
    } else if (prior && current) {
      const d = pairDirection(prior, current);
      if (c.direction !== 0 && d !== c.direction)
        problems.push(
          `the sentence says it ${c.direction > 0 ? "rose" : "fell"}, but ${current.label} went from ${prior.display} to ${current.display}`,
        );
    } else if (current && c.subject) {
      const both = index.pair(c.subject, current.metric ?? "galaxyScore");
      if (both && c.direction !== 0 && pairDirection(both.prior, both.current) !== c.direction)
        problems.push(
          `the sentence says it ${c.direction > 0 ? "rose" : "fell"}, but ${both.current.label} went from ${both.prior.display} to ${both.current.display}`,
        );
      if (!both) problems.push(`the sentence gives ${current.label} a direction, and no earlier figure in the brief backs it`);
    } else if (!c.facts.length) {
      problems.push("the sentence gives a direction and cites no figure that shows it");
    }
  }
  if (frame.kind === "count" && c.direction !== null && c.direction !== 0) {
    const counted = c.facts.find((f) => f.sense !== undefined);
    if (counted && counted.sense !== c.direction)
      problems.push(`"${counted.display}" is ${counted.label}, but the sentence says those coins ${c.direction > 0 ? "rose" : "fell"}`);
  }

  // A superlative or list claim: the group is named, it is the list's group, and the coin holds the place.
  if (frame.ranking) {
    const { list, top } = frame.ranking;
    claim.metric = `position:${list}`;
    const group = c.group;
    claim.scope = group ?? undefined;
    if (!group) problems.push(`"${c.text}" makes a list claim without naming the group it is made in`);
    else if (group !== LIST_GROUP[list] && !(group === "market" && LIST_GROUP[list] === "tracked"))
      problems.push(
        `the sentence places ${name(c.subject)} among ${GROUP_TEXT[group] ?? group}, but ${LIST_TEXT[list]} are of ${GROUP_TEXT[LIST_GROUP[list]]}`,
      );
    const place = c.subject ? index.position(c.subject, list) : undefined;
    if (!place) problems.push(`the sentence places ${name(c.subject)} in ${LIST_TEXT[list]}, and no fact in the brief shows that place`);
    else {
      extra.push(place.id);
      if (place.value > top)
        problems.push(
          `the sentence places ${name(c.subject)} ${top === 1 ? "first" : "in the top ten"} of ${LIST_TEXT[list]}, but it is ${place.display}`,
        );
    }
  }

  // Comparisons: both sides' figures, from the relative fact or the two changes.
  if (frame.kind === "comparison" && c.direction !== null) {
    const a = c.coins[0] ?? c.subject;
    const b = c.coins[1] ?? null;
    // Over the period the clause's figure or words give ("did better than Ethereum over 7 days"), else the day.
    const over = period ?? clausePeriod(c.text) ?? "24h";
    claim.period = over;
    const ownChange = a ? index.change({ subject: a }, over) : undefined;
    const median =
      c.facts.find((f) => f.stat === "median") ??
      index.find((f) => f.stat === "median" && f.metric === "change" && (f.period ?? "24h") === over);
    const avg = c.facts.find((f) => f.metric === "sentiment" && !f.subject);
    let left: Fact | undefined;
    let right: Fact | undefined;
    if (frame.id === "compare-band-avg" && avg) {
      left = a ? index.level({ subject: a }, "sentiment") : undefined;
      right = avg;
    } else if (b) {
      left = ownChange;
      right = index.change({ subject: b }, over);
      claim.versus = b;
    } else {
      left = ownChange;
      right = median;
      claim.versus = "top100";
    }
    if (!left || !right)
      problems.push(`the sentence compares ${name(a)} with ${b ? name(b) : "the market"}, and no facts in the brief compare them`);
    else {
      extra.push(left.id, right.id);
      const diff = left.value - right.value;
      const actual = Math.abs(diff) < 1e-9 ? 0 : Math.sign(diff);
      if (actual !== c.direction)
        problems.push(
          `the sentence compares ${name(a)} with ${b ? name(b) : "the typical coin"}, but ${left.label} is ${left.display} against ${right.display}`,
        );
    }
  }
  if (frame.id === "compare-diverged" && c.coins.length >= 1) {
    const a = c.coins[0] ?? null;
    const b = c.coins[1] ?? (a === c.subject ? null : c.subject);
    const ca = a ? index.change({ subject: a }, "24h") : undefined;
    const other =
      b ?? index.find((f) => f.subject !== undefined && f.subject !== a && f.metric === "change" && f.period === "24h")?.subject ?? null;
    const cb = other ? index.change({ subject: other }, "24h") : undefined;
    const same = /in step|same direction|tracked/.test(c.text);
    if (!ca || !cb) problems.push(`the sentence compares ${name(a)} with another coin, and no facts in the brief compare them`);
    else {
      extra.push(ca.id, cb.id);
      const together = Math.sign(ca.value) === Math.sign(cb.value);
      const inStep = together && Math.max(Math.abs(ca.value), Math.abs(cb.value)) <= 1.5 * Math.min(Math.abs(ca.value), Math.abs(cb.value));
      if (same && !(/in step/.test(c.text) ? inStep : together))
        problems.push(`the sentence says ${name(a)} and ${name(other)} moved alike, but their changes are ${ca.display} and ${cb.display}`);
      if (!same && together)
        problems.push(`the sentence says ${name(a)} went another way, but its change is ${ca.display} and ${name(other)}'s ${cb.display}`);
    }
  }

  // A mood word about a coin's posts: positive above half, negative below, balanced at half.
  if (frame.id === "share-sentiment-around") {
    const s = c.facts.find((f) => f.metric === "sentiment") ?? (c.subject ? index.level({ subject: c.subject }, "sentiment") : undefined);
    const words = c.text.split(" , ")[0] ?? "";
    const lean = /positive|bullish|upbeat/.test(words)
      ? 1
      : /negative|bearish|cautious/.test(words)
        ? -1
        : /balanced/.test(words)
          ? 0
          : null;
    if (!s) problems.push(`the sentence judges the mood around ${name(c.subject)}, and no fact in the brief measures it`);
    else if (lean !== null) {
      extra.push(s.id);
      const actual = s.value > 50 ? 1 : s.value < 50 ? -1 : 0;
      const strong = /clearly/.test(words) ? s.value >= 70 : true;
      if (actual !== lean || !strong)
        problems.push(`the sentence judges the mood around ${name(c.subject)}, but ${s.label} is ${s.display}`);
    }
  }
  // A list's heading ("The largest gains in the tracked coins:") names the group the day's lists are drawn from.
  if (frame.id === "list-intro" && c.group && c.group !== "tracked" && c.group !== "market")
    problems.push(
      `the sentence introduces the day's movers as ${GROUP_TEXT[c.group] ?? c.group}, but the lists are of ${GROUP_TEXT.tracked}`,
    );
  // The market's mood: the day's breadth must lean the way the words do (a fifth more risers than fallers, or the reverse).
  if (frame.id === "mood") {
    const breadth = index.breadth();
    if (!breadth) problems.push("the sentence judges the market's day, and no fact in the brief counts the coins that rose and fell");
    else {
      extra.push(breadth.up.id, breadth.down.id);
      const lean = breadth.up.value > breadth.down.value * 1.2 ? 1 : breadth.down.value > breadth.up.value * 1.2 ? -1 : 0;
      if (lean !== c.direction)
        problems.push(`the sentence judges the market's day, but ${breadth.up.display} coins rose and ${breadth.down.display} fell`);
    }
  }
  // The usual move: "unusually large" needs a multiple of at least two, "larger than usual" at least one.
  if (frame.id === "usual-verdict") {
    const multiple = index.find((f) => f.versus === "usual" && (!c.subject || f.subject === c.subject));
    if (!multiple) problems.push("the sentence calls the move usual or unusual, and no fact in the brief measures the usual move");
    else {
      extra.push(multiple.id);
      const t = multiple.value;
      const ok = /unusually/.test(c.text) ? t >= 2 : /larger/.test(c.text) ? t >= 1 : t < 1;
      if (!ok) problems.push(`the sentence judges the move against the usual one, but ${multiple.label} is ${multiple.display}`);
    }
  }
  claim.facts = [...new Set([...c.ids, ...extra])];
  return { claim, problems };
}
