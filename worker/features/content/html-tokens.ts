import { decodeHTML, decodeHTMLAttribute } from "entities/decode";
import { DROPPED_WITH_CONTENT } from "#schema/contracts/html-allowlist.ts";

/** What the runtime's HTML parser saw, in document order: text and attribute values decoded. */
export type Token =
  | { kind: "start"; name: string; attrs: [name: string, value: string][] }
  | { kind: "end"; name: string }
  | { kind: "text"; text: string };

/** Elements that never have content or an end tag (the HTML standard's list). */
export const VOID_TAGS = new Set(
  "area base basefont bgsound br col embed frame hr image img input keygen link meta param source track wbr".split(" "),
);
const DROPPED = new Set(DROPPED_WITH_CONTENT);

/** The input stream as a browser prepares it before parsing: CR and CRLF become LF. */
function preprocess(html: string): string {
  return html.replace(/\r\n?/g, "\n");
}

/** Adds an end-tag handler; an element the parser gives none to simply never reports its end. */
function onEnd(el: Element, handler: (end: EndTag) => void): void {
  try {
    el.onEndTag(handler);
  } catch {
    // No end tag to wait for.
  }
}

/**
 * Tokenizes with HTMLRewriter (lol-html, the runtime's spec-following tokenizer, which also switches
 * to raw text inside xmp, noembed, plaintext and the like), keeping only what a tree builder needs:
 * start tags with their attributes (the first of a repeated name wins, as in browsers), end tags the
 * parser matched, and text. Comments, doctypes and processing instructions are left out, and an
 * element of DROPPED_WITH_CONTENT is skipped with everything up to its end tag (to the end of the
 * input when it has none, as a browser reads `<plaintext>`). `decode: false` keeps text as written
 * (for Markdown, whose text is not HTML).
 */
export async function tokenize(html: string, options: { decode: boolean } = { decode: true }): Promise<Token[]> {
  const tokens: Token[] = [];
  let raw = "";
  let dropping = false;
  // Text arrives in chunks that may split an entity: decoded once the node is whole.
  const flush = () => {
    // A browser drops NUL in text; a NUL written as a reference (&#0;) decodes to U+FFFD.
    const text = raw.replace(/\0/g, "");
    if (text) tokens.push({ kind: "text", text: options.decode ? decodeHTML(text) : text });
    raw = "";
  };
  const rewriter = new HTMLRewriter()
    .onDocument({
      text(chunk) {
        if (!dropping) raw += chunk.text;
      },
    })
    .on("*", {
      element(el) {
        if (dropping) return;
        const name = el.tagName;
        flush();
        if (DROPPED.has(name)) {
          if (VOID_TAGS.has(name)) return;
          dropping = true;
          onEnd(el, () => {
            dropping = false;
          });
          return;
        }
        const seen = new Set<string>();
        const attrs: [string, string][] = [];
        for (const [attr = "", value = ""] of el.attributes) {
          if (seen.has(attr)) continue;
          seen.add(attr);
          attrs.push([attr, decodeHTMLAttribute(value).replace(/\0/g, "\uFFFD")]);
        }
        tokens.push({ kind: "start", name, attrs });
        if (!VOID_TAGS.has(name))
          onEnd(el, (end) => {
            flush();
            tokens.push({ kind: "end", name: end.name });
          });
      },
    });
  const input = new Response(preprocess(html), { headers: { "content-type": "text/html; charset=utf-8" } });
  await rewriter.transform(input).arrayBuffer();
  flush();
  return tokens;
}
