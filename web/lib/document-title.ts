import { useEffect } from "react";

/** Sets the tab title while a page shows `title` ("{title} | Coinsight"), and puts the previous one back after. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} | Coinsight`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
