import { type RefObject, useEffect } from "react";
import { type Embed, embedOf, youtubePlayerSrc } from "#schema/contracts/embeds.ts";
import styles from "./embeds.module.css";

/**
 * The embed in a figure (schema/contracts/embeds.ts): its first paragraph holds one link to a video or
 * a post and nothing else. Any other figure, or a link with text around it, is left as it is.
 */
function embedIn(figure: Element): { embed: Embed; paragraph: Element; link: HTMLAnchorElement } | null {
  const paragraph = [...figure.children].find((child) => child.tagName !== "FIGCAPTION");
  if (paragraph?.tagName !== "P" || paragraph.children.length !== 1) return null;
  const link = paragraph.firstElementChild;
  if (!(link instanceof HTMLAnchorElement) || paragraph.textContent?.trim() !== link.textContent?.trim()) return null;
  const embed = embedOf(link.getAttribute("href") ?? "");
  return embed ? { embed, paragraph, link } : null;
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}) =>
  Object.assign(document.createElement(tag), props);

/** A video that loads nothing from YouTube until the reader presses play, then plays there. */
function player(embed: Extract<Embed, { kind: "youtube" }>, label: string, link: HTMLAnchorElement): HTMLElement {
  const box = element("div", { className: styles.video });
  const play = element("button", { type: "button", className: styles.play });
  play.setAttribute("aria-label", `Play video: ${label}`);
  play.append(element("span", { className: styles.playIcon, ariaHidden: "true", textContent: "▶" }), " Play video");
  const note = element("p", { className: styles.note, textContent: "Plays from YouTube (youtube-nocookie.com) once you press play. " });
  note.append(link);
  play.addEventListener("click", () => {
    const frame = element("iframe", {
      src: youtubePlayerSrc(embed.id),
      title: label,
      allow: "autoplay; encrypted-media; picture-in-picture; fullscreen",
      allowFullscreen: true,
      referrerPolicy: "strict-origin-when-cross-origin",
      className: styles.frame,
    });
    play.replaceWith(frame);
    frame.focus();
  });
  box.append(play);
  const wrapper = element("div");
  wrapper.append(box, note);
  return wrapper;
}

/** A post on X as a card that says whose it is and opens it there: nothing is loaded from X. */
function card(embed: Extract<Embed, { kind: "x" }>, link: HTMLAnchorElement): HTMLElement {
  const box = element("div", { className: styles.post });
  box.append(element("span", { className: styles.source, textContent: `Post on X by @${embed.handle}` }));
  box.append(link);
  return box;
}

/**
 * Turns the article's embed figures into players and cards once its HTML is in the page (the body is
 * filled in the browser: server-rendered pages leave it to hydration), and again whenever it changes.
 */
export function useEmbeds(body: RefObject<HTMLElement | null>, html: string): void {
  useEffect(() => {
    // Empty until the browser fills the body (a page the Worker rendered leaves it to hydration).
    if (!html) return;
    for (const figure of body.current?.querySelectorAll("figure") ?? []) {
      const found = embedIn(figure);
      if (!found) continue;
      const { embed, paragraph, link } = found;
      const caption = figure.querySelector("figcaption")?.textContent?.trim();
      if (styles.embed) figure.classList.add(styles.embed);
      paragraph.replaceWith(
        embed.kind === "youtube" ? player(embed, caption || link.textContent || "YouTube video", link) : card(embed, link),
      );
    }
  }, [body, html]);
}
