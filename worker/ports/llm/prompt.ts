import { writingRules } from "#worker/lib/grounding/index.ts";
import { type ArticleBrief, type Draft, DraftFormatError, type Repair } from "./llm.ts";

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

const SYSTEM = [
  "You are the markets writer of Coinsight, a crypto news site for the general public.",
  "Write a clear, neutral news analysis in Markdown, 300 to 500 words, with two to four '##' section headings.",
  "Use ONLY the facts you are given. Each fact has an id in square brackets. Never type a number: to write a figure, date or time, cite its fact as {{id}} (for example {{bitcoin.price}}) and the site writes the exact figure in its place.",
  "No digits anywhere else and no numbers in words (no 'twelve percent', 'a third', 'doubled', 'several'). Periods may be written as words: 'over 24 hours', 'over 7 days', 'today', 'this week'.",
  "Each cited figure must be about the coin your sentence names, the metric your words name (price, market cap, trading volume, Galaxy Score...), the period you say (1 hour, 24 hours, 7 days) and the direction and size you say. The headline and the excerpt are checked like the body.",
  ...writingRules(),
  "Name only the coins listed in the facts. Never invent events, causes, quotes, people, partnerships, listings, regulation, ETFs, hacks, lawsuits or records. Do not predict ('will', 'expected to'), give price targets or advise buying or selling. If the facts do not explain something, say so plainly.",
  "No HTML, no links, no tables.",
  'Answer with one JSON object: {"title": "<a headline of at most 90 characters>", "excerpt": "<one or two sentences for the article list>", "body": "<the Markdown article>"}.',
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

/** The chat messages both live writers send: instructions, then the facts as labelled lines with their ids. */
export function buildMessages(brief: ArticleBrief, repair?: Repair): ChatMessage[] {
  const facts = brief.sections
    .map((section) => [`### ${section.title}`, ...section.facts.map((f) => `- [${f.id}] ${f.label}: ${f.display}`)].join("\n"))
    .join("\n\n");
  const user = `${task(brief)}\n\nData as of ${brief.asOf} (UTC).\n\nFACTS\n\n${facts}`;
  const messages: ChatMessage[] = [
    { role: "system", content: SYSTEM },
    { role: "user", content: user },
  ];
  if (repair) {
    // One repair round: the model sees its own draft and exactly what the check found wrong.
    messages.push(
      {
        role: "assistant",
        content: JSON.stringify({ title: repair.previous.title, excerpt: repair.previous.excerpt, body: repair.previous.body }),
      },
      {
        role: "user",
        content: repairRequest(repair),
      },
    );
  }
  return messages;
}

/**
 * The repair request: each held sentence quoted with why, and for each fact it cites the sentence
 * the check reads (its frame form). A sentence that cites nothing and is no listed caution is dropped.
 */
export function repairRequest(repair: Repair): string {
  const held = repair.held ?? [];
  const quoted = held.map((h) => {
    const forms = h.forms.length
      ? `\n  Write it in this form instead, keeping its citations:\n${h.forms.map((f) => `  - ${f}`).join("\n")}`
      : "\n  It cites no fact: drop it unless it is one of the listed cautions, word for word.";
    return `- "${h.sentence}": ${h.why.join("; ")}${forms}`;
  });
  const lines = quoted.length ? quoted.join("\n") : repair.problems.join("\n");
  return `The fact check held these sentences of the draft:\n${lines}\n\nRewrite the whole article so that none of them remains, with the same rules and the same JSON form.`;
}

/** SHA-256 of the messages, hex: the prompt hash kept with each article. */
export async function promptHash(messages: readonly ChatMessage[]): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(messages)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Reads the JSON answer, or "TITLE: / EXCERPT: / BODY:" from a model without JSON mode; anything else is a format error. */
export function parseDraft(text: string, model: string): Draft {
  const json = parseJsonDraft(text, model);
  if (json) return json;
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

function parseJsonDraft(text: string, model: string): Draft | null {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  const v = value as { title?: unknown; excerpt?: unknown; body?: unknown };
  if (typeof v.title !== "string" || typeof v.excerpt !== "string" || typeof v.body !== "string") return null;
  const body = stripHtml(v.body.replace(/\r\n/g, "\n")).trim();
  if (!v.title.trim() || !v.excerpt.trim() || body.length < 200) {
    throw new DraftFormatError("The writer's answer did not have a title, an excerpt and a body of at least 200 characters");
  }
  return { title: unquote(stripHtml(v.title)).slice(0, 160), excerpt: unquote(stripHtml(v.excerpt)).slice(0, 400), body, model };
}
