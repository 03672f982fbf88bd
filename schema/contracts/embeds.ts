/**
 * Embeds in an article (docs/decisions/editorial/embeds.md): a YouTube video or a post on X, stored as
 * the allowlist already allows, a <figure> holding one paragraph with one link (and an optional
 * caption). The reader's page turns such a figure into a player that loads nothing from YouTube until
 * the reader presses play, or into a card for the post; anywhere else (a feed, a mail, a page without
 * script) it stays the link it is. Shared by the desk (which writes it) and the reader (which shows it).
 */

export type Embed = { kind: "youtube"; id: string; url: string } | { kind: "x"; handle: string; id: string; url: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_PATH = /^\/(?:shorts|embed|live)\/([^/]+)\/?$/;
const X_STATUS = /^\/([A-Za-z0-9_]{1,15})\/status\/(\d{1,25})\/?$/;

const youtube = (id: string | null | undefined): Embed | null =>
  id && YOUTUBE_ID.test(id) ? { kind: "youtube", id, url: `https://www.youtube.com/watch?v=${id}` } : null;

/** The video or post at `address` (https only), or null for any other address. */
export function embedOf(address: string): Embed | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/^(?:www\.|m\.)/, "");
  if (host === "youtube.com") return youtube(url.pathname === "/watch" ? url.searchParams.get("v") : YOUTUBE_PATH.exec(url.pathname)?.[1]);
  if (host === "youtu.be") return youtube(url.pathname.slice(1).replace(/\/$/, ""));
  if (host === "x.com" || host === "twitter.com") {
    const [, handle, id] = X_STATUS.exec(url.pathname) ?? [];
    return handle && id ? { kind: "x", handle, id, url: `https://x.com/${handle}/status/${id}` } : null;
  }
  return null;
}

/** What the link says where the embed is not shown (feeds, mails, no script), and the player's label. */
export function embedLinkText(embed: Embed): string {
  return embed.kind === "youtube" ? "Watch the video on YouTube" : `Read @${embed.handle}'s post on X`;
}

/** The player's address: YouTube's privacy-enhanced host, which sets no cookie until the video plays. */
export function youtubePlayerSrc(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The stored form the desk inserts: a figure with the link and, when given, its caption. */
export function embedHtml(embed: Embed, caption = ""): string {
  const text = caption.trim();
  const figcaption = text ? `<figcaption>${escapeHtml(text)}</figcaption>` : "";
  return `<figure><p><a href="${escapeHtml(embed.url)}">${escapeHtml(embedLinkText(embed))}</a></p>${figcaption}</figure>`;
}
