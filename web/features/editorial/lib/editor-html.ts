import type { Node as PmNode, Schema } from "@tiptap/pm/model";
import { DOMSerializer, DOMParser as PmDomParser } from "@tiptap/pm/model";
import { sanitizeArticleHtml } from "#web/lib/safe-html.ts";
import { FLOW_TAGS, IMPLICIT_ATTR, INLINE_TAGS } from "./editor-schema.ts";

/**
 * HTML in and out of the visual editor. In: the browser's sanitiser first (the editor never sees what
 * readers would not), then inline content written straight inside a block holder (`<li>text</li>`, a
 * bare `<img>` in a `<figure>`) is wrapped in a paragraph marked implicit. Out: ProseMirror's own
 * serialiser, implicit paragraphs unwrapped again, and the sanitiser once more. So the round trip gives
 * back what came in, `<li>text</li>` and `<li><p>text</p></li>` alike.
 */
export function parseArticleHtml(schema: Schema, html: string): PmNode {
  const root = document.createElement("div");
  root.innerHTML = sanitizeArticleHtml(html);
  markImplicitParagraphs(root, true);
  return PmDomParser.fromSchema(schema).parse(root);
}

export function serializeArticleHtml(schema: Schema, doc: PmNode): string {
  if (isEmptyDoc(doc)) return "";
  const root = document.createElement("div");
  root.appendChild(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
  for (const p of [...root.querySelectorAll(`p[${IMPLICIT_ATTR}]`)]) p.replaceWith(...p.childNodes);
  return sanitizeArticleHtml(root.innerHTML);
}

/** One empty paragraph is how ProseMirror holds "nothing": it is stored as nothing. */
function isEmptyDoc(doc: PmNode): boolean {
  return doc.childCount === 1 && doc.firstChild?.type.name === "p" && doc.firstChild.content.size === 0;
}

function isInline(node: ChildNode): boolean {
  if (node.nodeType === Node.TEXT_NODE) return true;
  return node.nodeType === Node.ELEMENT_NODE && INLINE_TAGS.has(node.nodeName.toLowerCase());
}

/** Wraps each run of inline children of a block holder (and of the root) in `<p data-implicit>`. */
function markImplicitParagraphs(el: Element, holdsBlocks: boolean) {
  if (holdsBlocks) {
    let run: ChildNode[] = [];
    const flush = () => {
      // Whitespace between blocks is layout, not content.
      if (run.some((n) => n.nodeType !== Node.TEXT_NODE || /\S/.test(n.textContent ?? ""))) {
        const p = document.createElement("p");
        p.setAttribute(IMPLICIT_ATTR, "");
        run[0]?.before(p);
        p.append(...run);
      }
      run = [];
    };
    for (const child of [...el.childNodes]) {
      if (isInline(child)) run.push(child);
      else flush();
    }
    flush();
  }
  for (const child of el.children) markImplicitParagraphs(child, FLOW_TAGS.has(child.nodeName.toLowerCase()));
}
