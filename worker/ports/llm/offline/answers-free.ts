import { frameForm, PERIOD_TEXT } from "#worker/lib/grounding/readings/forms.ts";
import type { AnswerBrief, FreeAnswerKind } from "#worker/ports/llm/answer.ts";
import type { Fact } from "#worker/ports/llm/llm.ts";

/**
 * The offline answers to free-text plans about several coins (a comparison, a ranking, the member's
 * watchlist) and to a price range: each figure in the frame form the sentence readings read (the
 * one sentence per fact of readings/forms.ts), so the offline answer is checked like any other.
 * The server's tables carry the rest; the text never repeats them as a table.
 */

type Cite = (key: string) => string | undefined;
type Writer = (b: AnswerBrief, cite: Cite) => string[];

/** Each listed coin's fact in its frame form ("Solana rose +5.20% over 7 days."), or "Solana: <text>" for a fixed text. */
function coinLines(b: AnswerBrief): { lines: string[]; listed: Fact[] } {
  const names = new Map(b.entities.map((e) => [e.id, e.name]));
  const lines: string[] = [];
  const listed: Fact[] = [];
  for (const e of b.entities) {
    const fact = b.named[e.id];
    if (!fact) continue;
    const form = fact.kind === "label" ? `${e.name}: {{${fact.id}}}` : frameForm(fact, names);
    if (!form) continue;
    lines.push(`- ${form}`);
    listed.push(fact);
  }
  return { lines, listed };
}

/** "A, B and C". */
const joined = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? ""));

/**
 * The leader of a comparison of changes over one period, against each coin it did better than: the
 * readings check "did better than" against both coins' changes over the period the clause names.
 */
function leaderLines(b: AnswerBrief, listed: Fact[]): string[] {
  const changes = listed.filter((f) => f.metric === "change" && f.signed && f.period && f.subject);
  if (changes.length < 2 || changes.length !== listed.length || new Set(changes.map((f) => f.period)).size !== 1) return [];
  const names = new Map(b.entities.map((e) => [e.id, e.name]));
  const [lead, ...rest] = [...changes].sort((x, y) => y.value - x.value);
  if (!lead?.period) return [];
  const behind = rest.filter((f) => f.value < lead.value).map((f) => names.get(f.subject ?? "") ?? "");
  if (!behind.length) return [];
  const period = PERIOD_TEXT[lead.period];
  return behind.map((other) => `${names.get(lead.subject ?? "")} did better than ${other} ${period}, with {{${lead.id}}}.`);
}

export const FREE_WRITERS: Record<Exclude<FreeAnswerKind, "news">, Writer> = {
  compare(b) {
    const { lines, listed } = coinLines(b);
    const out = [`## ${joined(b.entities.map((e) => e.name))}`, "", ...lines];
    const lead = leaderLines(b, listed);
    if (lead.length) out.push("", ...lead);
    if (listed.some((f) => f.metric === "change")) out.push("", "The data does not say what drove these moves.");
    return out;
  },

  screen(b) {
    return ["## The ranking", "", ...coinLines(b).lines];
  },

  watchlist(b) {
    const { lines, listed } = coinLines(b);
    const out = ["## Your watchlist", "", ...lines];
    if (listed.some((f) => f.metric === "change")) out.push("", "The data does not say what drove these moves.");
    return out;
  },

  range(b, cite) {
    const { name } = b.coin;
    const out = [`## ${name}'s price range`, "", `${name} trades at ${cite("price")}.`];
    const range = cite("range");
    out.push("", range ? `- Price range: ${range}` : `Coinsight has not recorded ${name}'s price over this period.`);
    return out;
  },
};
