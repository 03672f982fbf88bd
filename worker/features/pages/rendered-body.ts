import { type RenderedPage, SSR_STATE_ID } from "#schema/contracts/server-render.ts";
import { escapeXml, scriptJson } from "#worker/lib/html.ts";

/** A page the Worker rendered (server-render.ts), and how to read a stylesheet to inline it. */
export type RenderedBody = {
  page: RenderedPage;
  styleFor: (href: string) => Promise<string | null>;
  /** The page's own chunks (preload-hints.ts), loaded with the app's entry. */
  modules: string[];
};

/** Where #root's markup and the state go in the rewritten shell (splice): comments no shell holds. */
const ROOT_MARK = "<!--coinsight:root-->";
const STATE_MARK = "<!--coinsight:state-->";

const encoder = new TextEncoder();

/**
 * The pieces' UTF-8, one after another, encoded straight into one buffer: the page is never joined
 * into one 250 KB string first (a copy, two bytes a character as soon as one is not Latin-1).
 */
function encodeAll(parts: string[]): Uint8Array {
  let most = 0;
  for (const part of parts) most += part.length * 3;
  const out = new Uint8Array(most);
  let at = 0;
  for (const part of parts) at += encoder.encodeInto(part, out.subarray(at)).written;
  return out.subarray(0, at);
}

/** The link tags React hoisted to the front of the markup (`<link .../>`, no ">" inside), and the rest. */
function splitHoisted(html: string): [string, string] {
  let end = 0;
  while (html.startsWith("<link ", end)) {
    const close = html.indexOf("/>", end);
    if (close < 0 || html.indexOf(">", end) !== close + 1) break;
    end = close + 2;
  }
  return [html.slice(0, end), html.slice(end)];
}

/**
 * Fills #root with the rendered markup, followed by the state the browser hydrates with (JSON, not a
 * script that runs: the CSP allows no inline scripts). The shell's stylesheets are written into the
 * page like the page's own (inlinedSheets): its HTML paints as soon as it arrives, without waiting
 * for a sheet. Returns what goes in <head> (the resources React hoisted out of the markup: image
 * preloads), and `splice`, which puts the markup and the state into the rewritten shell's text: the
 * rewriter marks their places and never carries their 240 KB (the Top 500's): 13 % of the isolate's
 * samples, `scriptJson` included, when it did (docs/decisions/performance/first-render-budget.md).
 */
export function fillRoot(
  rewriter: HTMLRewriter,
  { page, styleFor, modules }: RenderedBody,
): { hoisted: string; splice: (html: string) => Uint8Array } {
  const [hoisted, markup] = splitHoisted(page.html);
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
        el.setInnerContent(ROOT_MARK, { html: true });
        el.after(STATE_MARK, { html: true });
      },
    });
  const splice = (html: string) => {
    const root = html.indexOf(ROOT_MARK);
    const state = html.indexOf(STATE_MARK, root);
    // A shell without #root keeps what the rewriter made of it (the browser renders the page).
    if (root < 0 || state < 0) return encoder.encode(html);
    const script = `\n    <script type="application/json" id="${SSR_STATE_ID}">${scriptJson(page.state)}</script>`;
    return encodeAll([
      html.slice(0, root),
      markup,
      html.slice(root + ROOT_MARK.length, state),
      script,
      html.slice(state + STATE_MARK.length),
    ]);
  };
  return { hoisted: hoisted.replaceAll("/><", "/>\n    <"), splice };
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
