import { pairDirection } from "./fact-index.ts";
import { strengthProblem } from "./figure.ts";
import {
  clauseAt,
  entryOf,
  groupOf,
  isPercentMove,
  MOVE,
  metricFor,
  metricsIn,
  namedSubjectAt,
  nameOf,
  PERIOD_TEXT,
  periodIn,
  type Reading,
  type Scope,
  subjectAt,
  wordsIn,
} from "./scope.ts";
import { type Span, type Word, within } from "./text.ts";
import type { Fact, GroupWord, Period, Ranking } from "./types.ts";
import { isImperative } from "./vocabulary/index.ts";

const NEGATION = /\b(?:not|no|never|cannot|can't|doesn't|don't|isn't)\b/i;

/** Who a claim word is about: a coin, or a group when the clause names one and no coin. */
type About = { subject?: string; group?: GroupWord; who: string };

const GROUP_WHO: Record<GroupWord, string> = { market: "the market", tracked: "the whole market", top100: "the top 100", band: "the band" };
const RANKING_TEXT: Record<Ranking | "rank", string> = {
  rank: "by market cap",
  gainers: "among the day's gainers",
  losers: "among the day's losers",
  momentum: "by social momentum",
  socialVolume: "by social posts",
  galaxyRise: "by Galaxy Score improvement",
};

function aboutAt(r: Reading, scope: Scope, at: number): About | null {
  // Nearest first: the clause's own coin or group ("Bitcoin dips while the wider market edges up": "edges up" is the
  // market's), then the sentence's coin, then a group it names or cites, and only then the coin of the sentence before.
  const clause = clauseAt(scope, at);
  const coin = (span: typeof clause) => scope.mentions.find((m) => within(span, m.start) && m.inBrief)?.entity;
  const own = coin(clause);
  if (own) return { subject: own, who: nameOf(r, own) };
  const ownGroup = groupOf(r, scope, clause);
  if (ownGroup) return { group: ownGroup, who: GROUP_WHO[ownGroup] };
  const named = coin(scope.span);
  if (named) return { subject: named, who: nameOf(r, named) };
  // A group named in words or by a cited label, else the group of an aggregate the sentence cites ("a median change of {{…}}").
  const group = groupOf(r, scope) ?? scope.cites.map((c) => r.facts.byId.get(c.ref)).find((f) => f?.group && !f.subject)?.group;
  if (group) return { group, who: GROUP_WHO[group] };
  const implicit = subjectAt(r, scope, at);
  return implicit ? { subject: implicit, who: nameOf(r, implicit) } : null;
}

/**
 * The period a claim word speaks of: its clause's, else the nearest of the sentence's other clauses,
 * leaving out a clause that cites a figure of its own period: in "eased to $64,039, although its
 * week still shows a gain of 5.12%" the week is the gain's, and "eased" is the day's move.
 */
function periodAt(r: Reading, scope: Scope, at: number): Period | "other" {
  const own = periodIn(scope, clauseAt(scope, at), at);
  if (own) return own;
  const periodic = (c: Span) => scope.cites.some((x) => within(c, x.start) && r.facts.byId.get(x.ref)?.period);
  let best: { d: number; p: Period | "other" } | null = null;
  for (const c of scope.clauses) {
    if (within(c, at) || periodic(c)) continue;
    const p = periodIn(scope, c, at);
    const d = Math.min(Math.abs(c.start - at), Math.abs(c.end - at));
    if (p && (!best || d < best.d)) best = { d, p };
  }
  return best?.p ?? "24h";
}

/** The fact a direction or size word binds to: the change of what it is about, over its period, in its measure. */
function moveFact(r: Reading, about: About, metric: string | null, period: Period): { fact?: Fact; pair?: { prior: Fact; current: Fact } } {
  if (about.subject && (metric === "galaxyScore" || metric === "galaxyChange")) {
    const pair = r.facts.pair(about.subject, "galaxyScore");
    return pair ? { pair } : { fact: r.facts.level({ subject: about.subject }, "galaxyChange") };
  }
  if (about.subject && (metric === "altRank" || metric === "rank")) {
    const pair = r.facts.pair(about.subject, metric);
    return pair ? { pair } : {};
  }
  if (metric && !["price", "change", "marketCap"].includes(metric)) return {};
  return { fact: r.facts.change(about, period) };
}

function checkDirection(r: Reading, scope: Scope, w: Word): string | null {
  const about = aboutAt(r, scope, w.start);
  const d = entryOf(w, "direction");
  const what = d ? (d.dir > 0 ? "rose" : "fell") : "barely moved";
  if (!about) return `"${w.text}" says something ${what}, but the sentence names no coin or group it is about`;
  // "The largest gains in the top 100 came from:" describes a list; a noun says nothing of the group itself.
  if (about.group && d?.noun) return null;
  const period = periodAt(r, scope, w.start);
  if (period === "other") return `"${w.text}": no fact in the brief says how ${about.who} moved over ${PERIOD_TEXT.other}`;
  const metric = metricFor(scope, w.start);
  const { fact, pair } = moveFact(r, about, metric, period);
  if (!fact && !pair) {
    const measure =
      metric && !["price", "change"].includes(metric) ? `${about.who}'s ${metric === "socialVolume" ? "posts" : metric}` : about.who;
    return `"${w.text}": no fact in the brief says how ${measure} moved over ${PERIOD_TEXT[period]}`;
  }
  const value = pair ? pairDirection(pair.prior, pair.current) : (fact?.sense ?? Math.sign(fact?.value ?? 0));
  const shown = pair
    ? `${pair.current.label} went from ${pair.prior.display} to ${pair.current.display}`
    : `${fact?.label} is ${fact?.display}`;
  if (d && value !== 0 && d.dir !== value) return `"${w.text}" says ${about.who} ${what}, but ${shown}`;
  if (d && fact) {
    const size = strengthProblem(w.text, d.strength, fact);
    if (size) return size;
  }
  if (!d && fact && isPercentMove(fact) && Math.abs(fact.value) >= MOVE.flatBelow)
    return `"${w.text}" says ${about.who} barely moved, but ${shown}`;
  return null;
}

/** The cited figure nearest a word in its clause, else its sentence, that passes a test. */
function citedNear(r: Reading, scope: Scope, w: Word, test: (f: Fact) => boolean): Fact | undefined {
  const clause = clauseAt(scope, w.start);
  const order = [...scope.cites].sort(
    (a, b) =>
      Number(b.start >= clause.start && b.end <= clause.end) - Number(a.start >= clause.start && a.end <= clause.end) ||
      Math.abs(a.start - w.start) - Math.abs(b.start - w.start),
  );
  for (const c of order) {
    const f = r.facts.byId.get(c.ref);
    if (f && test(f)) return f;
  }
  return undefined;
}

function checkSize(r: Reading, scope: Scope, w: Word, size: "small" | "large" | "extreme"): string | null {
  const cited = citedNear(r, scope, w, (f) => f.signed === true && !f.versus);
  let fact = cited;
  if (!fact) {
    const about = aboutAt(r, scope, w.start);
    const period = periodAt(r, scope, w.start);
    if (about && period !== "other") fact = moveFact(r, about, metricFor(scope, w.start), period).fact;
  }
  if (!fact?.signed) return `"${w.text}" judges a size, and no move in the brief backs it`;
  const v = Math.abs(fact.value);
  const fits = size === "small" ? v < MOVE.smallBelow : size === "large" ? v >= MOVE.largeFrom : v >= MOVE.extremeFrom;
  return fits ? null : `"${w.text}" describes a ${size} move, but ${fact.label} is ${fact.display}`;
}

/** Whether a polarity word fits a figure: a change by its sign, a share of positive posts by which side of half it is on. */
function polarityFits(sign: number, f: Fact): boolean | null {
  if (f.signed) return sign === 0 ? Math.abs(f.value) < MOVE.flatBelow : Math.sign(f.value) === sign;
  if (f.metric === "sentiment" || f.metric === "galaxyScore")
    return sign === 0 ? f.value >= 40 && f.value <= 60 : sign > 0 ? f.value > 50 : f.value < 50;
  return null;
}

function checkPolarity(r: Reading, scope: Scope, w: Word, sign: 1 | -1 | 0): string | null {
  // "{{x}} of posts were positive" defines the measure; it judges nothing.
  const prev = scope.words[scope.words.indexOf(w) - 1]?.key ?? "";
  if (/^(?:were|are|was|is)$/.test(prev) && metricsIn(scope, scope.span).includes("socialVolume")) return null;
  const cited = citedNear(r, scope, w, (f) => polarityFits(sign, f) !== null);
  let fact = cited;
  const about = aboutAt(r, scope, w.start);
  const metric = metricFor(scope, w.start);
  if (!fact && about) {
    if (metric === "sentiment" || metric === "galaxyScore") fact = r.facts.level(about, metric);
    else if (about.group && about.group !== "band") {
      const breadth = r.facts.breadth();
      if (breadth) {
        const [up, down] = [breadth.up.value, breadth.down.value];
        const fits = sign > 0 ? up > down : sign < 0 ? down > up : Math.min(up, down) >= 0.8 * Math.max(up, down);
        return fits
          ? null
          : `"${w.text}" judges the day, but ${breadth.up.label}: ${breadth.up.display}; ${breadth.down.label}: ${breadth.down.display}`;
      }
      fact = r.facts.change(about, "24h");
    } else fact = r.facts.change(about, periodAt(r, scope, w.start) === "7d" ? "7d" : "24h");
  }
  if (!fact) return `"${w.text}" judges ${about?.who ?? "something"}, and no fact in the brief backs it`;
  return polarityFits(sign, fact) === false ? `"${w.text}" does not fit ${fact.label}, which is ${fact.display}` : null;
}

/** Two figures a comparison sets side by side: cited ones first, else the brief's changes of the two sides. */
function checkComparison(r: Reading, scope: Scope, words: Word[]): string | null {
  const w = words.find((x) => entryOf(x, "comparison")?.relation !== "marker") ?? (words[0] as Word);
  const relation = entryOf(w, "comparison")?.relation ?? "marker";
  const a = subjectAt(r, scope, w.start);
  const cited = scope.cites.map((c) => r.facts.byId.get(c.ref)).filter((f): f is Fact => f !== undefined && f.kind !== "label");
  const relative = cited.find((f) => f.versus && f.versus !== "usual");
  if (relative) {
    const sign = relative.multiple ? Math.sign(relative.value - 1) : Math.sign(relative.value);
    const fits = !((relation === "more" && sign <= 0) || (relation === "less" && sign >= 0));
    return fits ? null : `"${w.text}" does not fit ${relative.label}, which is ${relative.display}`;
  }
  // The other side: another coin named, else a group the sentence names or cites.
  // "moved the other way" speaks of the coin of the sentence before when it names no second one.
  const other =
    scope.mentions.find((m) => m.inBrief && m.entity !== a)?.entity ?? (scope.carried !== a ? scope.carried : null) ?? undefined;
  // "The typical large coin" is the top 100's median.
  const group = groupOf(r, scope) ?? (scope.words.some((x) => entryOf(x, "stat")?.stat === "median") ? "top100" : null);
  const metric = metricFor(scope, w.start);
  const level = metric === "sentiment" || metric === "galaxyScore" ? metric : null;
  const period = periodAt(r, scope, w.start);
  const pick = (about: { subject?: string; group?: GroupWord }) =>
    level ? r.facts.level(about, level) : period === "other" ? undefined : r.facts.change(about, period);
  const mine = cited.find((f) => f.subject && f.subject === a && !f.versus) ?? (a ? pick({ subject: a }) : undefined);
  const theirs =
    cited.find((f) => f !== mine && !f.versus && (other ? f.subject === other : !f.subject)) ??
    (other ? pick({ subject: other }) : group ? pick({ group }) : undefined);
  if (wordsIn(scope, scope.span).some((x) => x.entry?.cls === "usual") && !other && !group) return null;
  const whom = other ? nameOf(r, other) : group ? GROUP_WHO[group] : null;
  if (!whom) return `"${w.text}" compares ${a ? nameOf(r, a) : "something"} with something the sentence does not name`;
  if (!mine || !theirs) return `"${w.text}" compares ${a ? nameOf(r, a) : "it"} with ${whom}, and no fact in the brief compares them`;
  const [x, y] = [mine.value, theirs.value];
  const fits =
    relation === "more"
      ? x > y
      : relation === "less"
        ? x < y
        : relation === "same"
          ? Math.sign(x) === Math.sign(y)
          : relation === "opposite"
            ? Math.sign(x) !== Math.sign(y)
            : true;
  return fits ? null : `"${w.text}" does not fit the figures: ${mine.label} is ${mine.display} and ${theirs.label} is ${theirs.display}`;
}

function checkUsual(r: Reading, scope: Scope, w: Word, relation: "above" | "farAbove" | "below" | "marker"): string | null {
  // "Coinsight does not hold the history to say how unusual this move is" claims nothing about the move.
  if (NEGATION.test(r.text.slice(scope.span.start, scope.span.end))) return null;
  const a = subjectAt(r, scope, w.start);
  const cited = scope.cites.map((c) => r.facts.byId.get(c.ref)).filter((f): f is Fact => f !== undefined);
  if (relation === "marker" && cited.some((f) => f.baseline || f.versus === "usual")) return null;
  const fact = cited.find((f) => f.versus === "usual") ?? (a ? r.facts.relative(a, "usual") : undefined);
  if (!fact) return `"${w.text}" compares a move with its usual size, and no fact in the brief does`;
  const m = fact.value;
  const fits = relation === "farAbove" ? m >= 2 : relation === "above" ? m >= 1 : relation === "below" ? m < 1 : true;
  return fits ? null : `"${w.text}" does not fit ${fact.label}, which is ${fact.display}`;
}

/** Superlatives of size: "the largest coin" is first by market cap unless the sentence names another list. */
const SIZE = /^(?:largest|biggest|greatest|smallest)$/;

/** The list a superlative ranks in, from the words of its clause, else of its sentence, and the change it cites. */
function rankingOf(r: Reading, scope: Scope, w: Word, end: "top" | "bottom", coin: string): Ranking | "rank" {
  const clause = clauseAt(scope, w.start);
  // "Led the top 100 today": a first place on a day is a performance, not a size.
  const performance = !SIZE.test(w.key) && scope.words.some((x) => x.entry?.cls === "period");
  for (const words of [wordsIn(scope, clause), scope.words]) {
    const keys = words.map((x) => x.key).join(" ");
    const metrics = words.map((x) => entryOf(x, "metric")?.metric);
    const member = words.map((x) => entryOf(x, "member")).find(Boolean);
    if (member) return end === "bottom" && member.ranking === "gainers" ? "losers" : member.ranking;
    if (/\b(?:momentum|trending)\b/.test(keys)) return "momentum";
    if (metrics.includes("galaxyScore")) return "galaxyRise";
    if (metrics.includes("socialVolume") || /\b(?:discussed|conversation|talked-about|chatter|attention)\b/.test(keys))
      return "socialVolume";
    if (metrics.includes("marketCap") || metrics.includes("rank")) return "rank";
    const dirs = words.map((x) => entryOf(x, "direction")?.dir).filter((d) => d !== undefined);
    if (dirs.includes(1) && end === "top") return "gainers";
    if (dirs.includes(-1) || (dirs.includes(1) && end === "bottom")) return "losers";
    if (/\bperformers?\b/.test(keys)) return end === "top" ? "gainers" : "losers";
  }
  // "Led the day with {{x.change_24h}}": the list of the move it cites.
  const move = scope.cites.map((c) => r.facts.byId.get(c.ref)).find((f) => f?.subject === coin && f.signed && f.metric === "change");
  if (move) return move.value >= 0 === (end === "top") ? "gainers" : "losers";
  if (performance) return end === "top" ? "gainers" : "losers";
  return "rank";
}

function checkSuperlative(r: Reading, scope: Scope, w: Word, end: "top" | "bottom"): string | null {
  const coin = namedSubjectAt(scope, w.start) ?? (groupOf(r, scope) ? null : subjectAt(r, scope, w.start));
  // With no coin, "the largest coins" or "the day's biggest movers" describes a group, not a claim about one.
  if (!coin) return null;
  const i = scope.words.indexOf(w);
  const before = scope.words.slice(Math.max(0, i - 6), i).map((x) => x.key);
  const plural = before.includes("among") || before.some((k, n) => k === "one" && before[n + 1] === "of");
  const ranking = rankingOf(r, scope, w, end, coin);
  const fact = ranking === "rank" ? r.facts.level({ subject: coin }, "rank") : r.facts.position(coin, ranking);
  const who = nameOf(r, coin);
  if (!fact || (ranking === "rank" && end === "bottom"))
    return `"${w.text}" ranks ${who} ${RANKING_TEXT[ranking]}, and no fact in the brief ranks it so`;
  // "Among the largest" is a place in the first ten; "the largest" the first place.
  const fits = plural ? fact.value <= 10 : fact.value === 1;
  return fits
    ? null
    : `"${w.text}" says ${who} is ${plural ? "near the top" : "first"} ${RANKING_TEXT[ranking]}, but ${fact.label} is ${fact.display}`;
}

function checkMember(r: Reading, scope: Scope, w: Word, ranking: Ranking, dir: 1 | -1): string | null {
  const coin = namedSubjectAt(scope, w.start);
  if (!coin) return null;
  const change = r.facts.change({ subject: coin }, "24h");
  if (r.facts.position(coin, ranking)) return null;
  if (!change) return `"${w.text}" puts ${nameOf(r, coin)} in a list, and no fact in the brief says it belongs there`;
  if (Math.sign(change.value) !== dir)
    return `"${w.text}" puts ${nameOf(r, coin)} among the ${dir > 0 ? "gainers" : "losers"}, but ${change.label} is ${change.display}`;
  return null;
}

/**
 * The coins outside the brief a claim word speaks of: those its clause names when it names no coin
 * of the brief (else those of its sentence, when the clause names none). The text is held for
 * naming them already; the claim word's reason must name them too, not the coin the brief is about.
 */
function outsideAt(r: Reading, scope: Scope, at: number): string | null {
  const clause = clauseAt(scope, at);
  const inClause = scope.mentions.filter((m) => within(clause, m.start));
  const pool = inClause.length ? inClause : scope.mentions;
  if (!pool.length || pool.some((m) => m.inBrief)) return null;
  // "Ethereum and Solana surged": "and" splits the clause, but the claim speaks of every coin outside the brief the sentence names.
  const names = [...new Set(scope.mentions.filter((m) => !m.inBrief).map((m) => nameOf(r, m.entity)))];
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : (names[0] ?? null);
}

const CLAIM_CLASSES = new Set(["direction", "flat", "magnitude", "polarity", "usual", "superlative", "member", "comparison"]);

/**
 * The sentence pass: every claim word that no cited figure took is bound to the fact it speaks
 * of (a direction to a change, "largest" to a rank, "outperformed" to two figures) and held when
 * the fact disagrees or the brief has none.
 */
export function checkSentence(r: Reading, scope: Scope): void {
  const first = scope.words[0];
  if (first && first.start - scope.span.start <= 6 && isImperative(first.key) && /^[A-Z]/.test(first.text)) {
    r.problem(`"${first.text}": investment advice (an instruction to the reader), which the data does not show`);
  }
  const comparisons: Word[] = [];
  const bind = (w: Word): string | null => {
    const e = w.entry;
    if (!e || r.consumed.has(w.start)) return null;
    const outside = CLAIM_CLASSES.has(e.cls) ? outsideAt(r, scope, w.start) : null;
    if (outside) return `"${w.text}" speaks of ${outside}, and the brief has no figures for ${outside}`;
    if (e.cls === "direction" || e.cls === "flat") return checkDirection(r, scope, w);
    if (e.cls === "magnitude") return checkSize(r, scope, w, e.size);
    if (e.cls === "polarity") return checkPolarity(r, scope, w, e.sign);
    if (e.cls === "usual") return checkUsual(r, scope, w, e.relation);
    if (e.cls === "superlative") return checkSuperlative(r, scope, w, e.end);
    if (e.cls === "member") return checkMember(r, scope, w, e.ranking, e.dir);
    if (e.cls === "comparison") comparisons.push(w);
    // A statistic in a comparison ("worse than the typical large coin") is bound by the comparison.
    if (
      e.cls === "stat" &&
      !scope.cites.some((c) => r.facts.byId.get(c.ref)?.stat) &&
      !scope.words.some((x) => x.entry?.cls === "comparison")
    ) {
      return `"${w.text}": an aggregate written without the fact it comes from`;
    }
    return null;
  };
  for (const w of scope.words) {
    const problem = bind(w);
    if (problem) r.problem(problem);
  }
  const compared = comparisons.length ? checkComparison(r, scope, comparisons) : null;
  if (compared) r.problem(compared);
}
