import { describe, expect, it } from "vitest";
import { ALLOWED_TAGS, attributeAllowed, attributeValueAllowed, MAX_HTML_DEPTH } from "#schema/contracts/html-allowlist.ts";
import { type CorpusOutputs, MXSS_CORPUS, type TreeNode } from "#schema/contracts/mxss-corpus.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { sanitizeHtml } from "./sanitize-html.ts";

/**
 * The corpus through the Worker's sanitiser. Each stored result must be a fixed point of the sanitiser,
 * and HTMLRewriter, read on its own (every element, end tag, text and comment, nothing filtered), must
 * see in it exactly the tree the sanitiser meant and nothing outside the allowlist. The results and those
 * trees are kept in schema/contracts/fixtures/mxss-corpus.outputs.json (a file snapshot: `vitest run -u` rewrites
 * it after a deliberate change), where the web project's test checks that a browser's parser and DOMPurify
 * with the reader's configuration read each one as the same tree and remove nothing.
 */

const ALLOWED = new Set(ALLOWED_TAGS);

/** HTMLRewriter's own reading of `html`, as a tree: an honest oracle, with no rule of the sanitiser's. */
async function rewriterTree(html: string): Promise<{ tree: TreeNode[]; strays: string[] }> {
  const root: TreeNode[] = [];
  const stack: TreeNode[][] = [root];
  const names: string[] = [];
  const strays: string[] = [];
  const append = (node: TreeNode) => {
    const into = stack[stack.length - 1] ?? root;
    const last = into[into.length - 1];
    if (typeof node === "string" && typeof last === "string") into[into.length - 1] = last + node;
    else into.push(node);
  };
  let text = "";
  const flush = () => {
    if (text) append(decode(text));
    text = "";
  };
  await new HTMLRewriter()
    .onDocument({
      text: (chunk) => {
        text += chunk.text;
      },
      comments: (c) => {
        strays.push(`comment ${c.text}`);
      },
      doctype: () => {
        strays.push("doctype");
      },
    })
    .on("*", {
      element(el) {
        flush();
        const children: TreeNode[] = [];
        const attrs: Record<string, string> = {};
        for (const [name = "", value = ""] of el.attributes) attrs[name] = decode(value);
        append([el.tagName, attrs, ...children] as TreeNode);
        const node = (stack[stack.length - 1] ?? root).at(-1) as TreeNode[];
        if (["br", "hr", "img"].includes(el.tagName)) return;
        stack.push(node);
        names.push(el.tagName);
        try {
          el.onEndTag((end) => {
            flush();
            if (names.at(-1) !== end.name) strays.push(`end ${end.name} closes ${names.at(-1)}`);
            stack.pop();
            names.pop();
          });
        } catch {
          strays.push(`no end tag for ${el.tagName}`);
        }
      },
    })
    .transform(new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }))
    .arrayBuffer();
  flush();
  if (names.length) strays.push(`left open: ${names.join(" ")}`);
  return { tree: root, strays };
}

/** The only references canonical output holds. */
function decode(s: string): string {
  return s.replace(/&(lt|gt|quot|nbsp|amp);/g, (_, e: string) => ({ lt: "<", gt: ">", quot: '"', nbsp: "\u00a0", amp: "&" })[e] ?? "");
}

/** Every element allowed, every attribute allowed on its tag with an allowed value, and no deeper than the limit. */
function outsideAllowlist(nodes: TreeNode[], depth = 1): string[] {
  return nodes.flatMap((node) => {
    if (typeof node === "string") return [];
    const [tag, attrs, ...children] = node;
    const problems = ALLOWED.has(tag) ? [] : [`<${tag}>`];
    for (const [name, value] of Object.entries(attrs))
      if (!attributeAllowed(tag, name) || !attributeValueAllowed(name, value)) problems.push(`<${tag} ${name}="${value}">`);
    if (depth > MAX_HTML_DEPTH) problems.push(`depth ${depth}`);
    return [...problems, ...outsideAllowlist(children, depth + 1)];
  });
}

describe("the mXSS corpus through the Worker's sanitiser", () => {
  it("has at least 200 cases, each with its own name", () => {
    expect(MXSS_CORPUS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(MXSS_CORPUS.map((c) => c.name)).size).toBe(MXSS_CORPUS.length);
  });

  it("stores each as a fixed point that HTMLRewriter reads as the intended tree, inside the allowlist, or refuses it", async () => {
    const outputs: CorpusOutputs = {};
    const failures: string[] = [];
    for (const { name, html } of MXSS_CORPUS) {
      let output: string;
      try {
        output = await sanitizeHtml(html);
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 400) throw err;
        outputs[name] = { refused: err.message };
        continue;
      }
      const { tree, strays } = await rewriterTree(output);
      const again = await sanitizeHtml(output);
      if (again !== output) failures.push(`${name}: not a fixed point\n  ${output}\n  ${again}`);
      if (strays.length) failures.push(`${name}: ${strays.join("; ")}`);
      const outside = outsideAllowlist(tree);
      if (outside.length) failures.push(`${name}: outside the allowlist: ${outside.join(" ")}`);
      outputs[name] = { output, tree };
    }
    expect(failures).toEqual([]);
    await expect(`${JSON.stringify(outputs, null, 1)}\n`).toMatchFileSnapshot(
      "../../../schema/contracts/fixtures/mxss-corpus.outputs.json",
    );
  });
});
