import { useEffect } from "react";

export const SITE_NAME = "Coinsight";

/** The home page's title: the site's own name first, as the server's page head has it. */
export const HOME_TITLE = `${SITE_NAME}: crypto news and analysis`;

/** A page's tab title, "{title} | Coinsight": the same form as the server's page head, so it does not flip on load. */
export function pageTitle(title: string): string {
  return title === HOME_TITLE ? title : `${title} | ${SITE_NAME}`;
}

/** Sets the tab title while a page shows `title` (see `pageTitle`), and puts the previous one back after. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = pageTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
