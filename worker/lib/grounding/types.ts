/** price: a coin price; money: caps and volumes; percent; rank (#12, AltRank); score (Galaxy Score); count; label: a fixed text such as a date. */
export type FactKind = "price" | "money" | "percent" | "rank" | "score" | "count" | "label";

/** What a figure measures; a claim's wording must fit it ("market cap" never cites a volume). */
export type Metric =
  | "price"
  | "change"
  | "marketCap"
  | "volume"
  | "rank"
  | "altRank"
  | "galaxyScore"
  | "galaxyChange"
  | "sentiment"
  | "dominance"
  | "socialVolume"
  | "interactions"
  | "count"
  | "circulatingSupply"
  | "totalSupply"
  | "maxSupply"
  | "supplyShare"
  /** A comparison of two figures: `versus` says with what. */
  | "relative"
  /** A position in one of the day's lists (gainers, losers, momentum...): `ranking` says which. */
  | "position"
  /** A statistical price range (Ask's future_price): the one place a conditional ("would stay inside") may stand. */
  | "range"
  | "label";

/** 30d and 1y are Ask's changes from the held daily closes (free-text plans over a month or a year). */
export type Period = "1h" | "24h" | "7d" | "30d" | "1y";

/** The groups an aggregate can be about: every coin tracked, the 100 largest, a trending band. */
export type Group = "tracked" | "top100" | "band";

/** A group as a sentence names it: one of the groups, or "the market" in passing (the whole market or its largest coins). */
export type GroupWord = Group | "market";

/** How an aggregate is made from its group. */
export type Stat = "sum" | "mean" | "median" | "count" | "share";

/** The day's ordered lists a position fact places a coin in. */
export type Ranking = "gainers" | "losers" | "momentum" | "socialVolume" | "galaxyRise";

export type Fact = {
  /** The id a writer cites it by, as `{{id}}`: letters, digits, ".", "_", "-". */
  id: string;
  label: string;
  kind: FactKind;
  value: number;
  /** The only way the figure is written: the citation is replaced by this text. */
  display: string;
  /** Changes carry a direction ("rose" must not be written for -2.31%). */
  signed?: boolean;
  /** The coin (entity id) the figure is about; absent for market-wide figures. */
  subject?: string;
  metric?: Metric;
  /** The window of a change. */
  period?: Period;
  /** An aggregate's group ("the top 100") and how it is made ("median"). */
  group?: Group;
  stat?: Stat;
  /** A count that is itself a direction: "coins that rose" (+1) or "fell" (-1). */
  sense?: 1 | -1;
  /** A relative fact's other side: a coin's entity id, a group, or "usual" (the coin's own usual move). */
  versus?: string;
  /** A relative fact measured as a multiple (1 = the same size) rather than a difference (0 = the same). */
  multiple?: boolean;
  /** A position fact's list. */
  ranking?: Ranking;
  /** The figure a day earlier (Galaxy Score, AltRank): the start of a "from A to B" pair. */
  prior?: boolean;
  /** The coin's own usual move (its realised volatility): what "on a usual day" may cite. */
  baseline?: boolean;
};

/** A coin a text may name: its id, name, ticker and other names ("Ether"). */
export type Entity = { id: string; name: string; symbol: string; aliases?: readonly string[] };

export type ClaimInput = {
  facts: readonly Fact[];
  /** The coins the facts are about: the only coins the text may name. */
  entities: readonly Entity[];
  /** Other coins a text might name (to catch them); defaults to the 500 coins Coinsight tracks. */
  known?: readonly Entity[];
};

/** One cited figure and what was checked about it: the per-figure match table. */
export type FigureCheck = {
  ref: string;
  display: string | null;
  label: string | null;
  /** The coin the sentence is about (entity id), as the checker read it. */
  subject: string | null;
  /** The metric words found around the figure, as metrics. */
  metricWords: string[];
  /** The period the sentence gives the figure, if any. */
  period: Period | "other" | null;
  /** +1 rose, -1 fell, 0 none written. */
  direction: number;
  ok: boolean;
  problems: string[];
  /** The sentence the figure stands in, as readers see it. */
  sentence?: string;
};

/** One problem of a text, for people: the sentence it comes from, that sentence's coins, and what is wrong. */
export type Reason = {
  /** The sentence as readers would see it (figures written in, never a raw fact id). */
  sentence: string;
  /** The coins the sentence names, else the coin the check read it as being about (names, not ids). */
  coins: string[];
  problem: string;
};

/** One claim of a sentence, as its frame reads it: what it is about, what it says, and the facts behind it. */
export type Claim = {
  /** The coin (entity id) the claim is about; null for a group or the market. */
  subject: string | null;
  /** The group a group claim or a scope names (`tracked`, `top100`, `band`, `market`). */
  group?: string;
  /** What the claim measures: a fact metric, or `position:<ranking>` for a place in a list. */
  metric: string;
  period?: string;
  kind: "value" | "direction" | "rank" | "comparison" | "count" | "share" | "range" | "usual";
  /** +1 up or better, -1 down or worse, 0 flat or the same. */
  direction?: 1 | -1 | 0;
  /** A comparison's other side: a coin's entity id, a group, or "usual". */
  versus?: string;
  /** The group a superlative or list claim is made within. */
  scope?: string;
  /** The fact ids the claim cites or is checked against. */
  facts: string[];
};

/** Every sentence of a checked text, in order, with the reading the frames give it and its verdict. */
export type SentenceReading = {
  /** As readers see it: figures written in, never raw ids. */
  sentence: string;
  /** The coins of the sentence (names): those it names, else the one it follows. */
  coins: string[];
  /** The frame ids of its clauses joined by "+", or "hedge" / "notice" / "heading" / "connective"; "none" when it has no reading. */
  frame: string;
  claims: Claim[];
  verdict: "ok" | "held";
  /** What is wrong with the sentence (every reason of the report that comes from it). */
  problems: string[];
};

export type ClaimReport = {
  ok: boolean;
  /** One line per reason: `In "Zcash rose 12.22% today." (Zcash): "…": …`. */
  problems: string[];
  reasons: Reason[];
  figures: FigureCheck[];
  /** Every sentence of the text, in order, with its reading and verdict. */
  readings: SentenceReading[];
};
