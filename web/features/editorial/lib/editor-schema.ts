import { type Attributes, Mark, Node } from "@tiptap/core";
import { ALLOWED_TAGS, attributeAllowed, attributeValueAllowed, GLOBAL_ATTRS, TAG_ATTRS } from "#schema/contracts/html-allowlist.ts";

/**
 * The visual editor's ProseMirror schema, derived from the sanitiser's allowlist
 * (docs/decisions/editorial/visual-editor.md): one node or mark per allowed tag, named by the tag, with
 * exactly the attributes the allowlist gives that tag, each kept only when the sanitiser would keep its
 * value. What the allowlist does not name has no place in the schema, so the editor can neither show nor
 * write it; and every tag it names has a place, so an article's HTML comes back out as it went in.
 *
 * The allowlist says which tags and attributes; HTML's content model says where each may stand. That
 * second part is the table below, checked against the allowlist by a test (a tag added there and not
 * here fails it).
 */
type Role =
  /** Inline formatting: a ProseMirror mark. */
  | { kind: "mark" }
  /** Inline leaf nodes. */
  | { kind: "inline" }
  /** A block holding inline content (a paragraph's kind). */
  | { kind: "text"; group?: "block" }
  /** A block holding blocks; inline content written straight inside it is held in an implicit paragraph. */
  | { kind: "flow"; group?: "block"; content?: string }
  /** Structure with a fixed content (lists, tables, figures), or a leaf. */
  | { kind: "structure"; group?: "block" | "block list"; content: string };

export const ELEMENT_ROLES: Readonly<Record<string, Role>> = {
  // Marks, outermost first: ProseMirror writes nested marks in this order.
  a: { kind: "mark" },
  abbr: { kind: "mark" },
  time: { kind: "mark" },
  q: { kind: "mark" },
  cite: { kind: "mark" },
  span: { kind: "mark" },
  strong: { kind: "mark" },
  b: { kind: "mark" },
  em: { kind: "mark" },
  i: { kind: "mark" },
  u: { kind: "mark" },
  s: { kind: "mark" },
  del: { kind: "mark" },
  ins: { kind: "mark" },
  mark: { kind: "mark" },
  small: { kind: "mark" },
  sub: { kind: "mark" },
  sup: { kind: "mark" },
  kbd: { kind: "mark" },
  code: { kind: "mark" },
  br: { kind: "inline" },
  img: { kind: "inline" },
  p: { kind: "text", group: "block" },
  h1: { kind: "text", group: "block" },
  h2: { kind: "text", group: "block" },
  h3: { kind: "text", group: "block" },
  h4: { kind: "text", group: "block" },
  h5: { kind: "text", group: "block" },
  h6: { kind: "text", group: "block" },
  pre: { kind: "text", group: "block" },
  summary: { kind: "text" },
  blockquote: { kind: "flow", group: "block" },
  div: { kind: "flow", group: "block" },
  details: { kind: "flow", group: "block", content: "summary? block*" },
  figure: { kind: "flow", group: "block", content: "figcaption? block+ figcaption?" },
  figcaption: { kind: "flow" },
  li: { kind: "flow" },
  dt: { kind: "flow" },
  dd: { kind: "flow" },
  caption: { kind: "flow" },
  td: { kind: "flow" },
  th: { kind: "flow" },
  hr: { kind: "structure", group: "block", content: "" },
  // "list": TipTap's list commands find lists by this group.
  ul: { kind: "structure", group: "block list", content: "li+" },
  ol: { kind: "structure", group: "block list", content: "li+" },
  dl: { kind: "structure", group: "block", content: "(dt | dd)+" },
  table: { kind: "structure", group: "block", content: "caption? thead? tbody* tfoot?" },
  thead: { kind: "structure", content: "tr+" },
  tbody: { kind: "structure", content: "tr+" },
  tfoot: { kind: "structure", content: "tr+" },
  tr: { kind: "structure", content: "(td | th)+" },
};

/** The marker of a paragraph the HTML did not write (inline content straight inside a flow element). */
export const IMPLICIT_ATTR = "data-implicit";

/** The allowlist's attributes of `tag`, each parsed only when the sanitiser keeps its value. */
function allowlistAttributes(tag: string): Attributes {
  const names = [...(TAG_ATTRS[tag] ?? []), ...GLOBAL_ATTRS].filter((name) => attributeAllowed(tag, name));
  return Object.fromEntries(
    names.map((name) => [
      name,
      {
        default: null,
        parseHTML: (el: HTMLElement) => {
          const value = el.getAttribute(name);
          return value !== null && attributeValueAllowed(name, value.trim()) ? value : null;
        },
        renderHTML: (attrs: Record<string, unknown>) => (attrs[name] === null || attrs[name] === undefined ? {} : { [name]: attrs[name] }),
      },
    ]),
  );
}

function markOf(tag: string) {
  return Mark.create({
    name: tag,
    // Typing at the end of a link does not lengthen it.
    inclusive: tag !== "a",
    // Two spans (or links) side by side with their own attributes stay two.
    ...(tag === "span" ? { excludes: "" } : {}),
    ...(tag === "code" ? { code: true } : {}),
    addAttributes: () => allowlistAttributes(tag),
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });
}

function nodeOf(tag: string, role: Exclude<Role, { kind: "mark" }>) {
  const inline = role.kind === "inline";
  const content =
    role.kind === "inline"
      ? undefined
      : role.kind === "text"
        ? "inline*"
        : role.kind === "flow"
          ? (role.content ?? "block+")
          : role.content;
  return Node.create({
    name: tag,
    ...(inline ? { inline: true, group: "inline" } : "group" in role && role.group ? { group: role.group } : {}),
    ...(content ? { content } : {}),
    ...(tag === "img" || tag === "hr" ? { atom: true, selectable: true } : {}),
    ...(tag === "pre" ? { code: true, marks: "_" } : {}),
    // Enter inside a list item, a cell or a quotation stays inside it.
    ...(["li", "td", "th", "dt", "dd", "blockquote", "figure", "details"].includes(tag) ? { defining: true } : {}),
    ...(["td", "th"].includes(tag) ? { isolating: true } : {}),
    addAttributes: () => ({
      ...allowlistAttributes(tag),
      ...(tag === "p"
        ? {
            implicit: {
              default: false,
              keepOnSplit: false,
              parseHTML: (el: HTMLElement) => el.hasAttribute(IMPLICIT_ATTR),
              renderHTML: (attrs: Record<string, unknown>) => (attrs.implicit ? { [IMPLICIT_ATTR]: "" } : {}),
            },
          }
        : {}),
    }),
    parseHTML: () => [{ tag, ...(tag === "pre" ? { preserveWhitespace: "full" as const } : {}) }],
    renderHTML: ({ HTMLAttributes }) => (tag === "br" || tag === "img" || tag === "hr" ? [tag, HTMLAttributes] : [tag, HTMLAttributes, 0]),
  });
}

const Doc = Node.create({ name: "doc", topNode: true, content: "block+" });
const Text = Node.create({ name: "text", group: "inline" });

/** Tags whose node holds blocks: the places an implicit paragraph can stand. */
export const FLOW_TAGS: ReadonlySet<string> = new Set(Object.keys(ELEMENT_ROLES).filter((t) => ELEMENT_ROLES[t]?.kind === "flow"));
/** Tags ProseMirror holds inline (marks and inline leaves). */
export const INLINE_TAGS: ReadonlySet<string> = new Set(
  Object.keys(ELEMENT_ROLES).filter((t) => ELEMENT_ROLES[t]?.kind === "mark" || ELEMENT_ROLES[t]?.kind === "inline"),
);

/** Every allowed tag as a TipTap extension (marks first, in ELEMENT_ROLES' order), with the document and text nodes. */
export function allowlistExtensions() {
  const tags = ALLOWED_TAGS.filter((tag) => ELEMENT_ROLES[tag]);
  const ordered = Object.keys(ELEMENT_ROLES).filter((tag) => tags.includes(tag));
  return [
    Doc,
    Text,
    ...ordered.map((tag) => {
      const role = ELEMENT_ROLES[tag] as Role;
      return role.kind === "mark" ? markOf(tag) : nodeOf(tag, role);
    }),
  ];
}
