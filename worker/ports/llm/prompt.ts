import { type ArticleBrief, type Draft, DraftFormatError } from "./llm.ts";

export type ChatMessage = { role: "system" | "user"; content: string };

const SYSTEM = [
  "You are the markets writer of Coinsight, a crypto news site for the general public.",
  "Write a clear, neutral news analysis in Markdown, 300 to 500 words, with two to four '##' section headings.",
  "Use ONLY the facts you are given. Every number you write (prices, percentages, ranks, scores, counts, dates) must be copied from the facts exactly as written there, including its sign and its format.",
  "Never invent prices, figures, events, quotes, people, partnerships or reasons for a move. If the facts do not explain something, say so plainly.",
  "No investment advice, no price predictions, no HTML, no links, no tables.",
  "Answer in exactly this form:",
  "TITLE: <a headline of at most 90 characters>",
  "EXCERPT: <one or two sentences for the article list>",
  "BODY:",
  "<the Markdown article>",
].join("\n");

function task(brief: ArticleBrief): string {
  if (brief.kind === "daily_roundup") {
    return `Write today's Daily Roundup for ${brief.date}: review the crypto market and its social sentiment for the day.`;
  }
  const { coin, band } = brief;
  return (
    `Write a Trending Analysis of ${coin.name} (${coin.symbol}) for ${brief.date}: it is one of the coins ranked ${band.label} ` +
    "by market cap with the strongest social momentum today. Explain what its social metrics and its price action show, and the risks."
  );
}

/** The chat messages both live writers send: instructions, then the facts as labelled lines. */
export function buildMessages(brief: ArticleBrief): ChatMessage[] {
  const facts = brief.sections
    .map((section) => [`### ${section.title}`, ...section.facts.map((f) => `- ${f.label}: ${f.display}`)].join("\n"))
    .join("\n\n");
  const user = `${task(brief)}\n\nData as of ${brief.asOf} (UTC).\n\nFACTS\n\n${facts}`;
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: user },
  ];
}

/** Reads "TITLE: / EXCERPT: / BODY:" from a model's answer; anything else is a format error. */
export function parseDraft(text: string, model: string): Draft {
  const cleaned = stripHtml(text.replace(/\r\n/g, "\n")).trim();
  const title = /^\s*\**TITLE:?\**\s*(.+)$/im.exec(cleaned)?.[1]?.trim();
  const excerpt = /^\s*\**EXCERPT:?\**\s*(.+)$/im.exec(cleaned)?.[1]?.trim();
  const bodyAt = /^\s*\**BODY:?\**\s*$/im.exec(cleaned);
  const body = bodyAt ? cleaned.slice(bodyAt.index + bodyAt[0].length).trim() : "";
  if (!title || !excerpt || body.length < 200) {
    throw new DraftFormatError("The writer's answer did not have a title, an excerpt and a body of at least 200 characters");
  }
  return { title: unquote(title).slice(0, 160), excerpt: unquote(excerpt).slice(0, 400), body, model };
}

/** Models sometimes emit tags; an article is Markdown only (the page sanitises again on display). */
export function stripHtml(text: string): string {
  return text.replace(/<\/?[a-z][^>]*>/gi, "");
}

function unquote(text: string): string {
  return text.replace(/^["'*#\s]+|["'*\s]+$/g, "");
}
