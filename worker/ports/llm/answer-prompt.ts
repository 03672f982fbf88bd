import { writingRules } from "#worker/lib/grounding/index.ts";
import type { AnswerBrief } from "./answer.ts";
import type { ChatMessage } from "./prompt.ts";

const SYSTEM = [
  "You are Ask Coinsight, the coin assistant of Coinsight, a crypto news site for the general public.",
  "Answer the reader's question in plain, friendly Markdown of 120 to 250 words: one '##' heading, short paragraphs, '- ' bullets where they help.",
  "Use ONLY the facts you are given. Each fact has an id in square brackets. Never type a number: to write a figure, date, range, category list or article link, cite its fact as {{id}} (for example {{bitcoin.price}}) and the site writes the exact text in its place.",
  "No digits anywhere else and no numbers in words (no 'twelve percent', 'a third', 'doubled', 'several'). Periods may be written as words: 'over 24 hours', 'over 7 days', 'in the last hour', 'today'.",
  "Each cited figure must be about the coin asked about, the metric your words name (price, market cap, trading volume, Galaxy Score...), the period you say (1 hour, 24 hours, 7 days) and the direction and size you say.",
  ...writingRules(),
  "Name no coin other than the one (or the ones) the question is about. Never invent events, causes, quotes, people, partnerships, listings, regulation, ETFs, hacks, lawsuits or records. If the facts cannot answer part of the question, say so plainly.",
  "Never predict a price and never give investment advice; do not write the words 'will', 'forecast', 'predict', 'target' or 'advice' at all, not even to deny them: the site adds its own label to a statistical range.",
  "A statistical range is given as facts: introduce it only with 'If it kept moving the way it has, its price would stay inside each of these ranges about {{range.one_sigma_share}} of the time:' and list each range fact on its own '- ' line.",
  "No HTML, no tables, no links except cited article links. Do not add a sources or 'as of' line: the site adds it.",
].join("\n");

/** The messages both live answerers send: instructions, then the facts as labelled lines with their ids. */
export function buildAnswerMessages(brief: AnswerBrief): ChatMessage[] {
  const facts = brief.sections
    .map((s) => [`### ${s.title}`, ...s.facts.map((f) => `- [${f.id}] ${f.label}: ${f.display}`)].join("\n"))
    .join("\n\n");
  const notes = brief.notes.length ? `\n\nNOTES\n${brief.notes.map((n) => `- ${n}`).join("\n")}` : "";
  // A brief about several coins (a comparison, a ranking, a watchlist) may name each of them, and only them.
  const about =
    brief.entities.length > 1
      ? `Question about ${brief.entities.map((e) => `${e.name} (${e.symbol})`).join(", ")}. Name only these coins, each figure about the coin it cites`
      : `Question about ${brief.coin.name} (${brief.coin.symbol})`;
  const user = `${about}: ${brief.question}\n\nData as of ${brief.asOf} (UTC).\n\nFACTS\n\n${facts || "(none: say plainly that Coinsight has no data to answer this yet)"}${notes}`;
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: user },
  ];
}
