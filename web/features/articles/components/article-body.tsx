import { type MouseEvent, useMemo } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "#web/lib/render-context.ts";
import { sanitizeArticleHtml } from "#web/lib/safe-html.ts";
import styles from "./article.module.css";

/**
 * The rendered, sanitised body. Links to other pages of the site navigate inside the app
 * instead of reloading it. The sanitiser (DOMPurify) needs a browser's DOM, so a page rendered by the Worker leaves
 * the body to the browser: it is filled right after hydration, in a box tall enough that nothing below
 * it is on screen before then (no layout shift).
 */
export function ArticleBody({ content }: { content: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const html = useMemo(() => (hydrated ? sanitizeArticleHtml(content) : ""), [hydrated, content]);

  function onClick(e: MouseEvent<HTMLDivElement>) {
    const link = (e.target as HTMLElement).closest("a");
    if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || link.target) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    e.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside, which stay keyboard-operable
    // biome-ignore lint/a11y/useKeyWithClickEvents: the links handle keys themselves
    <div
      className={styles.prose}
      data-testid="article-body"
      onClick={onClick}
      aria-busy={!hydrated}
      style={hydrated ? undefined : { minHeight: "100vh" }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from sanitizeArticleHtml (DOMPurify with the server's allowlist)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
