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
  | "label";

export type Period = "1h" | "24h" | "7d";

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
};

export type ClaimReport = {
  ok: boolean;
  /** One line per problem, for people: `"$3,120.50" (eth.price): ...`. */
  problems: string[];
  figures: FigureCheck[];
};
