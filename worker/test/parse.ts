/// <reference types="vite/client" />
import { DOMParser, type Document as XmlDocument } from "@xmldom/xmldom";

export type Head = {
  title: string;
  meta: Map<string, string>;
  links: { rel: string; href: string; type?: string; title?: string }[];
  jsonLd: Record<string, unknown>[];
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** HTMLRewriter hands over text and attributes as written; a browser decodes character references. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    if (ref.startsWith("#x") || ref.startsWith("#X")) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith("#")) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Reads a page's <head> with the runtime's HTML parser (HTMLRewriter), not with string matching. */
export async function readHead(html: string): Promise<Head> {
  const head: Head = { title: "", meta: new Map(), links: [], jsonLd: [] };
  let script = "";
  let inTitle = false;
  await new HTMLRewriter()
    .on("head title", {
      element: (el) => {
        inTitle = true;
        el.onEndTag(() => {
          inTitle = false;
        });
      },
      text: (t) => {
        if (inTitle) head.title += decode(t.text);
      },
    })
    .on("head meta", {
      element: (el) => {
        const key = el.getAttribute("property") ?? el.getAttribute("name");
        if (key) head.meta.set(key, decode(el.getAttribute("content") ?? ""));
      },
    })
    .on("head link", {
      element: (el) => {
        head.links.push({
          rel: el.getAttribute("rel") ?? "",
          href: decode(el.getAttribute("href") ?? ""),
          ...(el.getAttribute("type") ? { type: el.getAttribute("type") as string } : {}),
          ...(el.getAttribute("title") ? { title: decode(el.getAttribute("title") as string) } : {}),
        });
      },
    })
    .on('head script[type="application/ld+json"]', {
      text: (t) => {
        script += t.text;
        if (t.lastInTextNode) {
          head.jsonLd.push(JSON.parse(script) as Record<string, unknown>);
          script = "";
        }
      },
    })
    .transform(new Response(html))
    .text();
  return head;
}

/** A strict XML parse: any well-formedness error throws. */
export function parseXml(text: string): XmlDocument {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== "warning") throw new Error(`XML ${level}: ${message}`);
    },
  }).parseFromString(text, "application/xml");
}

/** Text of the first `tag` element under `parent`. */
export function textOf(
  parent: { getElementsByTagName(tag: string): { item(i: number): { textContent: string | null } | null } },
  tag: string,
) {
  return parent.getElementsByTagName(tag).item(0)?.textContent ?? null;
}
