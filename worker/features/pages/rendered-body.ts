import { type RenderedPage, SSR_STATE_ID } from "#schema/contracts/server-render.ts";
import { escapeXml, scriptJson } from "#worker/lib/html.ts";

/** A page the Worker rendered (server-render.ts), and how to read a stylesheet to inline it. */
export type RenderedBody = {
  page: RenderedPage;
  styleFor: (href: string) => Promise<string | null>;
  /** The page's own chunks (preload-hints.ts), loaded with the app's entry. */
  modules: string[];
};

/**
 * Fills #root with the rendered markup, followed by the state the browser hydrates with (JSON, not a
 * script that runs: the CSP allows no inline scripts). The shell's stylesheets are written into the
 * page like the page's own (inlinedSheets): its HTML paints as soon as it arrives, without waiting
 * for a sheet. Returns what goes in <head>:
 * the resources React hoisted out of the markup (image preloads).
 */
export function fillRoot(rewriter: HTMLRewriter, { page, styleFor, modules }: RenderedBody): string {
  const [, hoisted = "", markup = ""] = page.html.match(/^((?:<link [^>]*\/>)*)([\s\S]*)$/) ?? [];
  let entry: string | null = null;
  const preload: string[] = [];
  rewriter
    // The app's scripts load after the first paint (web/public/hydrate.js), not from <head>.
    .on('script[type="module"][src]', {
      element: (el) => {
        entry = el.getAttribute("src");
        el.remove();
      },
    })
    .on('link[rel="modulepreload"]', {
      element: (el) => {
        const href = el.getAttribute("href");
        if (href) preload.push(href);
        el.remove();
      },
    })
    .on("body", {
      element: (el) => {
        el.onEndTag((end) => {
          if (!entry) return;
          const all = [...preload, ...modules].map(escapeXml).join(" ");
          end.before(`<script src="/hydrate.js" data-entry="${escapeXml(entry)}" data-modules="${all}" defer></script>\n  `, {
            html: true,
          });
        });
      },
    })
    .on('head link[rel="stylesheet"]', {
      element: async (el) => {
        const href = el.getAttribute("href");
        const style = href ? await styleFor(href) : null;
        if (href && style) el.replace(sheetTags(href, style), { html: true });
      },
    })
    .on("div#root", {
      element: (el) => {
        el.setInnerContent(markup, { html: true });
        el.after(`\n    <script type="application/json" id="${SSR_STATE_ID}">${scriptJson(page.state)}</script>`, { html: true });
      },
    });
  return hoisted.replaceAll("/><", "/>\n    <");
}

/**
 * A page's own sheets for a rendered page, written in like the shell's: each as a <style> that names
 * its file, which web/public/hydrate.js turns into a disabled <link> before the app loads, so Vite's
 * module loader does not fetch the sheet again when the page's chunk loads. Not a disabled <link> in
 * the HTML: Chromium 150 fetches those (docs/decisions/performance/server-rendering.md).
 */
export async function inlinedSheets(hrefs: string[], styleFor: RenderedBody["styleFor"]): Promise<string[]> {
  const styles = await Promise.all(hrefs.map(styleFor));
  return hrefs.map((href, i) => sheetTags(href, styles[i] ?? null));
}

/** One sheet: its <style>, or its <link> when its text could not be read. */
function sheetTags(href: string, style: string | null): string {
  return style ?? `<link rel="stylesheet" crossorigin href="${escapeXml(href)}">`;
}
