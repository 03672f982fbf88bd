import type { ArticleSummary } from "#schema/contracts/article.ts";
import { articlePath } from "#schema/contracts/article-rules.ts";
import { escapeXml } from "#worker/lib/html.ts";
import { absoluteUrl } from "./site.ts";

export type Channel = { title: string; description: string; link: string; self: string };

/** Items per feed: readers poll often, so a feed carries the recent stretch only. */
export const FEED_ITEMS = 50;

const el = (tag: string, text: string) => `<${tag}>${escapeXml(text)}</${tag}>`;

/**
 * What an item says of its figures when the site replays recorded market data: a feed reader shows
 * the item without the site's demo notice around it.
 */
export function replayNote(recordedDay: string): string {
  return `Demo: figures from CoinGecko data recorded ${recordedDay}, replayed; social figures modelled.`;
}

/**
 * RSS 2.0 with an atom:link to itself (what validators ask for). Dates are RFC 822, as RSS requires.
 * `note` (the replay's label) follows each item's description.
 */
export function renderRss(channel: Channel, items: readonly ArticleSummary[], origin: string, note?: string): string {
  const newest = items[0]?.publishedAt;
  const entries = items.map((a) => {
    const link = absoluteUrl(origin, articlePath(a));
    return [
      "    <item>",
      `      ${el("title", a.title)}`,
      `      ${el("link", link)}`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      ${el("pubDate", new Date(a.publishedAt).toUTCString())}`,
      `      ${el("category", a.categoryName)}`,
      `      ${el("description", note ? `${a.excerpt} (${note})` : a.excerpt)}`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    ${el("title", channel.title)}`,
    `    ${el("link", channel.link)}`,
    `    ${el("description", channel.description)}`,
    "    <language>en-us</language>",
    ...(newest ? [`    ${el("lastBuildDate", new Date(newest).toUTCString())}`] : []),
    `    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
