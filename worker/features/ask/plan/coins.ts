import { ACRONYMS, COMMON_WORDS, PLANNER_WORDS } from "./words.ts";

/** One row of the market table the planner resolves names against (rank 1 is the largest). */
export type MarketRow = { id: string; symbol: string; name: string; rank: number };

/** A word of the question, with what tells a coin from an English word: its case, a "$", its place. */
export type Token = {
  raw: string;
  lower: string;
  dollar: boolean;
  /** First word of a sentence: a capital there is grammar, not a name. */
  sentenceStart: boolean;
  /** Where it is in the question (character offsets), so a matched coin can be masked out. */
  start: number;
  end: number;
};

/** A coin found in the question, and which of its words named it. */
export type Mention = { coin: MarketRow; first: number; last: number };

/**
 * What members call the big coins beside their names and tickers. Keyed by CoinGecko id, so a coin
 * that left the table is simply not found.
 */
const ALIASES: Record<string, readonly string[]> = {
  bitcoin: ["xbt", "bitcoin"],
  ethereum: ["ether", "ethereum"],
  ripple: ["ripple"],
  binancecoin: ["binance coin"],
  "avalanche-2": ["avalanche"],
  "polygon-ecosystem-token": ["matic", "polygon"],
  "the-open-network": ["toncoin"],
  "shiba-inu": ["shiba", "shiba inu"],
  "crypto-com-chain": ["cronos"],
  "hedera-hashgraph": ["hedera"],
  "official-trump": ["trump coin"],
  "pi-network": ["pi coin"],
  cosmos: ["cosmos"],
};

/** Trailing words a member leaves out of a name: "Sun Token" is "sun", "Cosmos Hub" is "cosmos". */
const GENERIC_TAILS = new Set(["token", "coin", "network", "protocol", "finance", "hub", "chain", "dao", "blockchain"]);

const WORD = /\$?[\p{L}\p{N}]+(?:[.&'’][\p{L}\p{N}]+)*/gu;

/** The words of a text: possessives dropped ("bitcoin's"), other apostrophes closed up ("don't"). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const shouting = text === text.toUpperCase();
  for (const m of text.matchAll(WORD)) {
    const dollar = m[0].startsWith("$");
    const raw = m[0]
      .replace(/^\$/, "")
      .replace(/['’]s$/i, "")
      .replace(/['’]/g, "");
    const before = text.slice(0, m.index).trimEnd();
    tokens.push({
      raw: shouting ? raw.toLowerCase() : raw,
      lower: raw.toLowerCase(),
      dollar,
      sentenceStart: before === "" || /[.?!:;\n]$/.test(before),
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return tokens;
}

const keyOf = (text: string) =>
  tokenize(text.toLowerCase())
    .map((t) => t.lower)
    .join(" ");

/** The member wrote it as a coin: "$link", "LINK", or "Link" in mid-sentence. */
function marked(t: Token): boolean {
  if (t.dollar) return true;
  if (t.raw.length >= 2 && t.raw === t.raw.toUpperCase() && /\p{Lu}/u.test(t.raw)) return !ACRONYMS.has(t.raw);
  return !t.sentenceStart && /^\p{Lu}\p{Ll}/u.test(t.raw);
}

type Term = { coin: MarketRow; guarded: boolean };
type CoinIndex = { terms: Map<string, Term[]>; longest: number; fuzzy: { key: string; coin: MarketRow }[] };

const indexes = new WeakMap<readonly MarketRow[], CoinIndex>();

/**
 * Names, short names, tickers and aliases of every coin, built once per table. A term that is an
 * English word, or a ticker of one or two letters, is guarded: it needs the member's mark.
 */
function indexOf(coins: readonly MarketRow[]): CoinIndex {
  const hit = indexes.get(coins);
  if (hit) return hit;
  const terms = new Map<string, Term[]>();
  const fuzzy: CoinIndex["fuzzy"] = [];
  const add = (key: string, coin: MarketRow, guarded: boolean) => {
    if (!key) return;
    const list = terms.get(key) ?? [];
    if (!list.some((t) => t.coin.id === coin.id && t.guarded === guarded)) list.push({ coin, guarded });
    terms.set(key, list);
  };
  const common = (key: string) => key.split(" ").every((w) => COMMON_WORDS.has(w));
  for (const coin of coins) {
    const name = keyOf(coin.name.replace(/[\u200b-\u200d\ufeff]/g, "").replace(/\s*[([][^)\]]*[)\]]/g, ""));
    const words = name.split(" ");
    const names = [name];
    while (words.length > 1 && GENERIC_TAILS.has(words.at(-1) ?? "")) {
      words.pop();
      names.push(words.join(" "));
    }
    if (words[0] === "the" && words.length > 1) names.push(words.slice(1).join(" "));
    for (const n of names) add(n, coin, common(n));
    const symbol = keyOf(coin.symbol);
    add(symbol, coin, symbol.length <= 2 || common(symbol));
    for (const alias of ALIASES[coin.id] ?? []) add(alias, coin, false);
    for (const n of [...names, ...(ALIASES[coin.id] ?? [])]) {
      if (!n.includes(" ") && n.length >= 6 && !common(n)) fuzzy.push({ key: n, coin });
    }
  }
  const longest = Math.max(1, ...[...terms.keys()].map((k) => k.split(" ").length));
  const index = { terms, longest, fuzzy };
  indexes.set(coins, index);
  return index;
}

/** Edit distance with swapped neighbours as one edit ("etheruem"), stopping once past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      row.push(d);
    }
    if (Math.min(...row) > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] ?? max + 1;
}

const VERSUS = new Set(["vs", "versus"]);
/** Words that follow a coin's name and hardly an English word's: "near price", "did near go up". */
const AFTER_COIN = new Set(
  "price prices chart news sentiment volume supply mcap doing pumping dumping go went gone pumped dumped crashed rallied mooned".split(" "),
);
const BEFORE_WORD = new Set("the a an my your our its this that these those of in on at to".split(" "));

/**
 * Where an unmarked English word still stands for a coin: beside "vs" ("arb vs op"), and, in a
 * `loose` reading (the question names no other coin), before a word that follows coins ("near price").
 */
function coinSlot(tokens: readonly Token[], first: number, last: number, loose: boolean): boolean {
  const word = tokens[first];
  if (!word || first !== last || word.raw.length < 2 || ACRONYMS.has(word.raw.toUpperCase())) return false;
  const before = tokens[first - 1]?.lower ?? "";
  const after = tokens[last + 1]?.lower ?? "";
  if (VERSUS.has(before) || VERSUS.has(after)) return true;
  return loose && AFTER_COIN.has(after) && !BEFORE_WORD.has(before);
}

/** The best of several coins one term names: the higher-ranked one. */
const best = (terms: Term[]) => terms.reduce((a, b) => (b.coin.rank < a.coin.rank ? b : a));

/**
 * Every mention of a coin in a question, in order (a coin named twice is found twice). The longest name wins
 * ("bitcoin cash" over "bitcoin"); two words may be one name typed apart ("doge coin"); a word that
 * is none of the planner's nor English may be a typo of a name of six letters or more (one edit,
 * two from eight letters, same first letter). An English word that is also a coin needs the
 * member's mark or a coin's place in the sentence (coinSlot).
 */
export function findCoins(tokens: readonly Token[], coins: readonly MarketRow[], loose = false): Mention[] {
  const { terms, longest, fuzzy } = indexOf(coins);
  const inSlot = (first: number, last: number) => coinSlot(tokens, first, last, loose);
  const found: Mention[] = [];
  for (let i = 0; i < tokens.length; ) {
    let match: Mention | null = null;
    for (let n = Math.min(longest, tokens.length - i); n >= 1 && !match; n--) {
      const span = tokens.slice(i, i + n);
      const keys = [span.map((t) => t.lower).join(" ")];
      if (n === 2) keys.push(keys[0]?.replace(" ", "") ?? "");
      for (const key of keys) {
        const candidates = (terms.get(key) ?? []).filter((t) => !t.guarded || span.some(marked) || inSlot(i, i + n - 1));
        if (candidates.length) {
          match = { coin: best(candidates).coin, first: i, last: i + n - 1 };
          break;
        }
      }
    }
    const token = tokens[i];
    if (!match && token && mayBeTypo(token.lower)) {
      let hit: { d: number; coin: MarketRow } | null = null;
      for (const f of fuzzy) {
        if (f.key[0] !== token.lower[0]) continue;
        const max = f.key.length >= 8 ? 2 : 1;
        const d = distance(token.lower, f.key, max);
        if (d <= max && (!hit || d < hit.d || (d === hit.d && f.coin.rank < hit.coin.rank))) hit = { d, coin: f.coin };
      }
      if (hit) match = { coin: hit.coin, first: i, last: i };
    }
    if (match) {
      found.push(match);
      i = match.last + 1;
    } else i++;
  }
  return found;
}

function mayBeTypo(word: string): boolean {
  return word.length >= 5 && /^\p{L}+$/u.test(word) && !COMMON_WORDS.has(word) && !PLANNER_WORDS.has(word);
}

/**
 * Words written as a coin that matched none: "$FOO", "FOO", "foocoin". The planner refuses rather
 * than answer about another coin than the one the member meant.
 */
export function unknownCoinWords(tokens: readonly Token[], mentions: readonly Mention[]): string[] {
  const used = new Set(mentions.flatMap((m) => Array.from({ length: m.last - m.first + 1 }, (_, k) => m.first + k)));
  return tokens
    .filter((t, i) => !used.has(i) && /\p{L}/u.test(t.raw))
    .filter((t) => !COMMON_WORDS.has(t.lower) && !PLANNER_WORDS.has(t.lower))
    .filter(
      (t) =>
        t.dollar ||
        (t.raw.length >= 2 && t.raw.length <= 6 && t.raw === t.raw.toUpperCase() && /^\p{Lu}/u.test(t.raw) && !ACRONYMS.has(t.raw)) ||
        /.(?:coin|token|inu|swap)$/.test(t.lower),
    )
    .map((t) => t.raw);
}
