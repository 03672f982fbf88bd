/// <reference types="vite/client" />
import { SaxesParser } from "saxes";

export type Head = {
  title: string;
  meta: Map<string, string>;
  links: { rel: string; href: string; type?: string; title?: string; as?: string; crossorigin?: string }[];
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
          ...(el.getAttribute("as") ? { as: el.getAttribute("as") as string } : {}),
          ...(el.hasAttribute("crossorigin") ? { crossorigin: el.getAttribute("crossorigin") ?? "" } : {}),
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

export type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string };

/** A strict XML parse (saxes: any well-formedness error throws) into a small element tree. */
export function parseXml(text: string): XmlNode {
  const root: XmlNode = { name: "#document", attrs: {}, children: [], text: "" };
  const stack: XmlNode[] = [root];
  const parser = new SaxesParser({ xmlns: false });
  parser.on("error", (error) => {
    throw new Error(`XML not well-formed: ${error.message}`);
  });
  parser.on("opentag", (tag) => {
    const node: XmlNode = { name: tag.name, attrs: { ...(tag.attributes as Record<string, string>) }, children: [], text: "" };
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  const onText = (t: string) => {
    for (const node of stack) node.text += t;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.write(text).close();
  const [documentElement] = root.children;
  if (!documentElement) throw new Error("XML has no root element");
  return documentElement;
}

/** Every element called `name` under `node`, in document order. */
export function all(node: XmlNode, name: string): XmlNode[] {
  return node.children.flatMap((child) => [...(child.name === name ? [child] : []), ...all(child, name)]);
}

/** The text of the first element called `name` under `node`. */
export function textOf(node: XmlNode, name: string): string | undefined {
  return all(node, name)[0]?.text;
}
