import { ALLOWED_TAGS, attributeAllowed, attributeValueAllowed, MAX_HTML_DEPTH } from "#schema/contracts/html-allowlist.ts";
import { type Token, VOID_TAGS } from "./html-tokens.ts";

/**
 * Builds the tree of allowed elements from tokens and writes it back as canonical HTML, in a shape that
 * an HTML parser (a browser, jsdom under DOMPurify, HTMLRewriter) reads back as this very tree: every
 * element closed in order, text and attribute values escaped, and none of the nestings that make a
 * parser move elements (a block inside <p>, <a> inside <a>, table parts outside their table, text
 * directly in a table). Where the input breaks those rules, the builder decides as a browser mostly
 * would; either way it stores only its own reading, so a parser differential in the input cannot
 * survive into the output (docs/decisions/security/html-sanitiser.md).
 */

export type HtmlElement = { name: string; attrs: [string, string][]; children: HtmlNode[] };
export type HtmlNode = HtmlElement | string;

/** Thrown when the markup cannot be stored safely; the message says why, for the editor. */
export class HtmlRefused extends Error {}

const ALLOWED = new Set(ALLOWED_TAGS);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** Start tags that close an open <p> first (the allowed ones among the standard's list). */
const CLOSES_P = new Set([..."blockquote details div dl figcaption figure ol p summary ul pre table hr li dd dt".split(" "), ...HEADINGS]);
/** The standard's "special" elements among the allowed ones (they stop the <li>/<dd>/<dt> search). */
const SPECIAL = new Set([
  ..."blockquote br caption dd details div dl dt figcaption figure hr img li ol p pre summary table tbody td tfoot th thead tr ul".split(
    " ",
  ),
  ...HEADINGS,
]);
/** Scope boundaries: an end tag or a <p> never reaches past these. */
const BOUNDARY = new Set(["#root", "table", "td", "th", "caption"]);
/** Where only table parts may go (text and other elements here are dropped). */
const TABLE_CONTEXT = new Set(["table", "tbody", "thead", "tfoot", "tr"]);
const TABLE_PARTS = new Set(["caption", "tbody", "thead", "tfoot", "tr", "td", "th"]);
const SECTIONS = new Set(["tbody", "thead", "tfoot"]);

function allowedAttrs(tag: string, attrs: [string, string][]): [string, string][] {
  const kept: [string, string][] = [];
  for (const [name, raw] of attrs) {
    // DOMPurify trims every value but `value` (not allowed here); trimming here keeps the two equal.
    const value = raw.trim().replace(/\r/g, "\n");
    if (attributeAllowed(tag, name) && attributeValueAllowed(name, value)) kept.push([name, value]);
  }
  if (tag === "a" && kept.some(([name]) => name === "target")) {
    const rel: [string, string] = ["rel", "noopener noreferrer"];
    const at = kept.findIndex(([name]) => name === "rel");
    if (at >= 0) kept[at] = rel;
    else kept.push(rel);
  }
  return kept;
}

export function buildTree(tokens: Token[]): HtmlElement {
  const root: HtmlElement = { name: "#root", attrs: [], children: [] };
  const stack: HtmlElement[] = [root];
  const current = () => stack[stack.length - 1] ?? root;
  /** Closes `el` and everything opened inside it. */
  const popUntil = (el: HtmlElement) => {
    while (stack.length > 1 && stack.pop() !== el) {}
  };
  /** Closes everything opened inside `el`, which stays open. */
  const popAbove = (el: HtmlElement) => {
    while (stack.length > 1 && current() !== el) stack.pop();
  };
  /** The nearest open element named `name`, not looking past a boundary (unless it is the one sought). */
  const inScope = (name: string): HtmlElement | undefined => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const el = stack[i] as HtmlElement;
      if (el.name === name) return el;
      if (BOUNDARY.has(el.name)) return undefined;
    }
    return undefined;
  };
  const insert = (name: string, attrs: [string, string][] = []) => {
    const el: HtmlElement = { name, attrs, children: [] };
    current().children.push(el);
    if (!VOID_TAGS.has(name)) stack.push(el);
    if (stack.length - 1 > MAX_HTML_DEPTH)
      throw new HtmlRefused(`Content nests elements more than ${MAX_HTML_DEPTH} levels deep; flatten the markup and save again.`);
  };
  const closeListItems = (names: string[]) => {
    for (let i = stack.length - 1; i > 0; i--) {
      const el = stack[i] as HtmlElement;
      if (names.includes(el.name)) return popUntil(el);
      if (SPECIAL.has(el.name) && el.name !== "div" && el.name !== "p") return;
    }
  };

  /** A table part inside a table: the sections and rows a browser would add are added explicitly. */
  const tablePart = (name: string, attrs: [string, string][]) => {
    const table = inScope("table");
    if (!table) return;
    if (name === "caption" || SECTIONS.has(name)) {
      popAbove(table);
      return insert(name, attrs);
    }
    if (current().name === "table") insert("tbody");
    if (name === "tr") {
      if (current().name === "tr") stack.pop();
      return insert(name, attrs);
    }
    if (current().name !== "tr") insert("tr");
    insert(name, attrs);
  };

  const start = (name: string, rawAttrs: [string, string][]) => {
    if (!ALLOWED.has(name)) return; // unwrapped: its text stays where it is
    const attrs = allowedAttrs(name, rawAttrs);
    if (name === "img" && !attrs.some(([n]) => n === "src")) return;
    if (TABLE_CONTEXT.has(current().name)) {
      if (TABLE_PARTS.has(name)) return tablePart(name, attrs);
      if (name !== "table") return; // anything else would be moved out of the table by a browser
      popUntil(inScope("table") ?? root);
    } else if (TABLE_PARTS.has(name)) {
      return; // a browser ignores table parts outside a table
    }
    if (name === "li") closeListItems(["li"]);
    if (name === "dd" || name === "dt") closeListItems(["dd", "dt"]);
    const p = CLOSES_P.has(name) ? inScope("p") : undefined;
    if (p) popUntil(p);
    if (HEADINGS.has(name) && HEADINGS.has(current().name)) stack.pop();
    if (name === "a") {
      for (let i = stack.length - 1; i > 0 && !BOUNDARY.has((stack[i] as HtmlElement).name); i--)
        if ((stack[i] as HtmlElement).name === "a") {
          popUntil(stack[i] as HtmlElement);
          break;
        }
    }
    insert(name, attrs);
  };

  const text = (value: string) => {
    const parent = current();
    if (TABLE_CONTEXT.has(parent.name)) return;
    // A browser drops one newline right after <pre> (a tokenizer does not), and turns a CR (only a
    // reference can still make one) into LF when DOMPurify's output is parsed again: leading newlines
    // of a <pre> go, CR becomes LF, so every parser reads the same text.
    let content = value.replace(/\r/g, "\n");
    if (parent.name === "pre" && parent.children.length === 0) content = content.replace(/^\n+/, "");
    if (!content) return;
    const last = parent.children.length - 1;
    const previous = parent.children[last];
    if (typeof previous === "string") parent.children[last] = previous + content;
    else parent.children.push(content);
  };

  for (const token of tokens) {
    if (token.kind === "start") start(token.name, token.attrs);
    else if (token.kind === "text") text(token.text);
    else if (!VOID_TAGS.has(token.name)) {
      const open = inScope(token.name);
      if (open && open !== root) popUntil(open);
    }
  }
  return root;
}

/** What a browser's serialiser escapes (plus > in attributes): no other reference is ever written. */
const escapeText = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\u00a0/g, "&nbsp;");
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");

function serializeNode(node: HtmlNode, text: (s: string) => string): string {
  if (typeof node === "string") return text(node);
  const attrs = node.attrs.map(([name, value]) => ` ${name}="${escapeAttr(value)}"`).join("");
  if (VOID_TAGS.has(node.name)) return `<${node.name}${attrs}>`;
  return `<${node.name}${attrs}>${node.children.map((child) => serializeNode(child, text)).join("")}</${node.name}>`;
}

/**
 * The tree as HTML; an HTML parser reads it back as the same tree. `rawText` writes text as it came
 * (Markdown source, whose text is not HTML and was never decoded).
 */
export function serializeTree(root: HtmlElement, options: { rawText: boolean } = { rawText: false }): string {
  const text = options.rawText ? (s: string) => s : escapeText;
  return root.children.map((child) => serializeNode(child, text)).join("");
}
