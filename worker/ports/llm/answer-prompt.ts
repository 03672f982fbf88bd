import type { AnswerBrief } from "./answer.ts";
import type { ChatMessage } from "./prompt.ts";

const SYSTEM = [
  "You are Ask Coinsight, the coin assistant of Coinsight, a crypto news site for the general public.",
  "Answer the reader's question in plain, friendly Markdown of 120 to 250 words: one '##' heading, short paragraphs, '- ' bullets where they help.",
  "Use ONLY the facts you are given. Every number you write (prices, percentages, ranks, scores, counts, supplies) must be copied from the facts exactly as written there, including its sign and format.",
  "Never invent figures, events, reasons, partnerships or people. If the facts cannot answer part of the question, say so plainly.",
  "Never predict a price and never give investment advice. A statistical range is not a forecast: say so when you give one.",
  "No HTML, no tables, no links other than the article paths you are given. Do not add a sources or 'as of' line: the site adds it.",
].join("\n");

/** The messages both live answerers send: instructions, then the facts as labelled lines. */
export function buildAnswerMessages(brief: AnswerBrief): ChatMessage[] {
  const facts = brief.sections.map((s) => [`### ${s.title}`, ...s.facts.map((f) => `- ${f.label}: ${f.display}`)].join("\n")).join("\n\n");
  const notes = brief.notes.length ? `\n\nNOTES\n${brief.notes.map((n) => `- ${n}`).join("\n")}` : "";
  const categories = brief.categories.length ? `\n\nCATEGORIES: ${brief.categories.join(", ")}` : "";
  const news = brief.news.length
    ? `\n\nARTICLES ON COINSIGHT (newest first)\n${brief.news.map((a) => `- [${a.title}](${a.path}) (${a.date}): ${a.excerpt}`).join("\n")}`
    : "";
  const user = `Question about ${brief.coin.name} (${brief.coin.symbol}): ${brief.question}\n\nData as of ${brief.asOf} (UTC).\n\nFACTS\n\n${facts}${categories}${notes}${news}`;
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: user },
  ];
}
