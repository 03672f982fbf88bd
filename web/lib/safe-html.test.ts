import { describe, expect, it } from "vitest";
import stored from "#schema/contracts/fixtures/mxss-corpus.outputs.json";
import { ALLOWED_TAGS, attributeAllowed } from "#schema/contracts/html-allowlist.ts";
import { type CorpusOutputs, MXSS_CORPUS, type TreeNode } from "#schema/contracts/mxss-corpus.ts";
import { sanitizeArticleHtml, sanitizeArticleHtmlReport } from "./safe-html.ts";

/**
 * The other half of worker/features/content/mxss-corpus.test.ts: what the Worker stored of each corpus
 * case (schema/contracts/fixtures/mxss-corpus.outputs.json, with HTMLRewriter's reading of it) read by a browser's
 * parser (jsdom's, the one DOMPurify uses here), inserted as the reader inserts it (innerHTML of a <div>
 * in a standards-mode page), and through DOMPurify with the reader's configuration.
 */

const outputs = stored as unknown as CorpusOutputs;

/** The same shape the Worker test writes: text merged, attributes by name. */
function treeOf(parent: Node): TreeNode[] {
  const nodes: TreeNode[] = [];
  for (const child of parent.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      const last = nodes[nodes.length - 1];
      const text = child.textContent ?? "";
      if (typeof last === "string") nodes[nodes.length - 1] = last + text;
      else nodes.push(text);
    } else if (child instanceof Element) {
      const attrs: Record<string, string> = {};
      for (const attr of child.attributes) attrs[attr.name] = attr.value;
      nodes.push([child.localName, attrs, ...treeOf(child)] as TreeNode);
    } else {
      nodes.push(`#node ${child.nodeName}`);
    }
  }
  return nodes;
}

function parsed(html: string): TreeNode[] {
  const box = document.createElement("div");
  box.innerHTML = html;
  return treeOf(box);
}

describe("what the Worker stores, read by a browser's parser and DOMPurify", () => {
  it("covers every case of the corpus (the file is the Worker test's snapshot of today's corpus)", () => {
    expect(Object.keys(outputs).sort()).toEqual(MXSS_CORPUS.map((c) => c.name).sort());
  });

  const kept = Object.entries(outputs).flatMap(([name, result]) => ("output" in result ? [{ name, ...result }] : []));

  it.each(kept)("$name: parses as HTMLRewriter read it, and DOMPurify removes nothing", ({ output, tree }) => {
    expect(parsed(output)).toEqual(tree);
    const { html, removed } = sanitizeArticleHtmlReport(output);
    expect(removed).toEqual([]);
    // Only the reader's link rule may add to it (target and rel on outside links).
    const withoutLinkRule = html.replace(/ target="_blank" rel="noopener noreferrer nofollow"/g, "");
    expect(parsed(withoutLinkRule)).toEqual(
      parsed(output.replace(/ target="_blank" rel="noopener noreferrer"/g, "").replace(/ rel="noopener noreferrer"/g, "")),
    );
  });
});

describe("DOMPurify with the reader's configuration on the raw corpus (the editor's preview, older stored bodies)", () => {
  const ALLOWED = new Set(ALLOWED_TAGS);
  const problems = (nodes: TreeNode[]): string[] =>
    nodes.flatMap((node) => {
      if (typeof node === "string") return node.startsWith("#node") ? [node] : [];
      const [tag, attrs, ...children] = node;
      const bad = ALLOWED.has(tag) ? [] : [`<${tag}>`];
      // DOMPurify blanks `is` rather than removing it (removal would not undo a customised element).
      for (const [name, value] of Object.entries(attrs))
        if (!attributeAllowed(tag, name) && !(name === "is" && value === "")) bad.push(`<${tag} ${name}>`);
      for (const [name, value] of Object.entries(attrs))
        if (/^(href|src)$/.test(name) && /^\s*(javascript|vbscript|data):/i.test(value)) bad.push(`<${tag} ${name}="${value}">`);
      return [...bad, ...problems(children)];
    });

  it.each(MXSS_CORPUS)("$name: leaves only allowed elements and attributes", ({ html }) => {
    expect(problems(parsed(sanitizeArticleHtml(html)))).toEqual([]);
  });
});
