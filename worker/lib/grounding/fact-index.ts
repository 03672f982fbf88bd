import type { Fact, GroupWord, Metric, Period, Ranking } from "./types.ts";

/**
 * The brief's facts by what they are about, for the words that bind to a fact they do not cite:
 * "Bitcoin fell" binds to Bitcoin's 24-hour change, "the largest coin" to its rank.
 */
export class FactIndex {
  readonly byId: Map<string, Fact>;

  constructor(readonly facts: readonly Fact[]) {
    this.byId = new Map(facts.map((f) => [f.id, f]));
  }

  /** The first fact that passes a test (the readings look up the fact a claim needs).  */
  find(test: (f: Fact) => boolean): Fact | undefined {
    return this.facts.find(test);
  }

  /** A coin's (or, with no subject, a group's) change over a period: the fact a direction word about it binds to. */
  change(about: { subject?: string; group?: GroupWord }, period: Period): Fact | undefined {
    // "The market" in passing is the whole market's figure when the brief has one, else the top 100's.
    if (about.group === "market") return this.change({ group: "tracked" }, period) ?? this.change({ group: "top100" }, period);
    return this.find(
      (f) =>
        f.metric === "change" &&
        f.signed === true &&
        !f.versus &&
        f.period === period &&
        (about.subject ? f.subject === about.subject : !f.subject && f.group === about.group),
    );
  }

  /** A level figure of a coin or a group (not the day-earlier one). */
  level(about: { subject?: string; group?: GroupWord }, metric: Metric): Fact | undefined {
    if (about.group === "market") return this.level({ group: "tracked" }, metric) ?? this.level({ group: "top100" }, metric);
    return this.find(
      (f) =>
        f.metric === metric &&
        !f.prior &&
        !f.versus &&
        (about.subject ? f.subject === about.subject : !f.subject && f.group === about.group),
    );
  }

  /** The day-earlier figure and today's, for a "from A to B" claim or a direction word about a score or a rank. */
  pair(subject: string, metric: Metric): { prior: Fact; current: Fact } | undefined {
    const prior = this.find((f) => f.subject === subject && f.metric === metric && f.prior === true);
    const current = this.level({ subject }, metric);
    return prior && current ? { prior, current } : undefined;
  }

  /** A comparison fact of a coin with another coin, a group or its own usual move. */
  relative(subject: string, versus: string, period?: Period): Fact | undefined {
    return this.find((f) => f.subject === subject && f.versus === versus && (!period || !f.period || f.period === period));
  }

  /** Where a coin stands in one of the day's lists. */
  position(subject: string, ranking: Ranking): Fact | undefined {
    return this.find((f) => f.subject === subject && f.metric === "position" && f.ranking === ranking);
  }

  /** The day's breadth: counts of coins that rose and that fell. */
  breadth(): { up: Fact; down: Fact } | undefined {
    const up = this.find((f) => f.sense === 1 && f.metric === "count");
    const down = this.find((f) => f.sense === -1 && f.metric === "count");
    return up && down ? { up, down } : undefined;
  }
}

/** +1 rose, -1 fell, 0 no change: for a rank or AltRank, a lower number is the better one. */
export function pairDirection(prior: Fact, current: Fact): number {
  const lowerIsBetter = current.metric === "rank" || current.metric === "altRank" || current.kind === "rank";
  const delta = current.value - prior.value;
  return Math.sign(lowerIsBetter ? -delta : delta);
}
