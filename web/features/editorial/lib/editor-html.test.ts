import { getSchema } from "@tiptap/core";
import { describe, expect, it } from "vitest";
import { ALLOWED_TAGS } from "#schema/contracts/html-allowlist.ts";
import { parseArticleHtml, serializeArticleHtml } from "./editor-html.ts";
import { allowlistExtensions, ELEMENT_ROLES } from "./editor-schema.ts";

const schema = getSchema(allowlistExtensions());
const roundTrip = (html: string) => serializeArticleHtml(schema, parseArticleHtml(schema, html));

/**
 * One sample per allowed tag, with every attribute the allowlist gives it (in the schema's order:
 * the tag's own, then the global ones), in the context HTML allows it.
 */
const SAMPLES: Record<string, string[]> = {
  a: [
    '<p><a href="https://example.com/x" rel="noopener noreferrer nofollow" target="_blank" title="t" lang="en" dir="ltr">link</a></p>',
    '<p><a href="/news">in</a> <a href="mailto:desk@example.com">mail</a> <a href="#top">top</a></p>',
  ],
  abbr: ['<p><abbr title="Bitcoin">BTC</abbr></p>'],
  b: ["<p><b>bold</b></p>"],
  blockquote: ["<blockquote><p>quoted</p></blockquote>", "<blockquote>bare quote</blockquote>"],
  br: ["<p>one<br>two</p>"],
  caption: ["<table><caption>Prices</caption><tbody><tr><td>1</td></tr></tbody></table>"],
  cite: ["<p><cite>The Paper</cite></p>"],
  code: ["<p><code>x = 1</code></p>"],
  dd: ["<dl><dt>Term</dt><dd>Definition</dd></dl>"],
  del: ["<p><del>old</del></p>"],
  details: ["<details><summary>More</summary><p>Hidden</p></details>", "<details><summary>s</summary>d</details>"],
  div: ["<div><p>block</p></div>", '<div lang="fr">texte</div>'],
  dl: ["<dl><dt>A</dt><dd>1</dd><dt>B</dt><dd>2</dd></dl>"],
  dt: ["<dl><dt>Only term</dt></dl>"],
  em: ["<p><em>emphasis</em></p>"],
  figcaption: ['<figure><img src="/images/a.png" alt="A"><figcaption>Caption</figcaption></figure>'],
  figure: ["<figure><figcaption>Above</figcaption><p>Body</p></figure>"],
  h1: ["<h1>One</h1>"],
  h2: ['<h2 dir="rtl">Two</h2>'],
  h3: ["<h3>Three</h3>"],
  h4: ["<h4>Four</h4>"],
  h5: ["<h5>Five</h5>"],
  h6: ["<h6>Six</h6>"],
  hr: ["<p>a</p><hr><p>b</p>"],
  i: ["<p><i>italic</i></p>"],
  img: [
    '<p><img src="https://cdn.example.com/a.png" alt="Chart" width="640" height="480" loading="lazy" title="t"></p>',
    '<img src="/images/b.png" alt="">',
  ],
  ins: ["<p><ins>added</ins></p>"],
  kbd: ["<p><kbd>Ctrl</kbd></p>"],
  li: ["<ul><li>tight</li><li><p>loose</p></li><li>with<ul><li>nested</li></ul></li></ul>"],
  mark: ["<p><mark>marked</mark></p>"],
  ol: ['<ol start="3" reversed=""><li>three</li></ol>'],
  p: ['<p title="t" lang="en" dir="ltr">Paragraph</p>'],
  pre: ["<pre><code>line 1\n  line 2</code></pre>", "<pre>plain\n pre</pre>"],
  q: ["<p><q>quote</q></p>"],
  s: ["<p><s>struck</s></p>"],
  small: ["<p><small>fine print</small></p>"],
  span: ['<p><span lang="en">span</span></p>'],
  strong: ["<p><strong>strong</strong></p>"],
  sub: ["<p>H<sub>2</sub>O</p>"],
  summary: ["<details><summary>Summary <em>text</em></summary><p>x</p></details>"],
  sup: ["<p>x<sup>2</sup></p>"],
  table: [
    '<table><thead><tr><th scope="col">Coin</th><th>Price</th></tr></thead><tbody><tr><td colspan="2" rowspan="1">BTC</td></tr></tbody><tfoot><tr><td>Total</td><td>1</td></tr></tfoot></table>',
  ],
  tbody: ["<table><tbody><tr><td><p>para cell</p></td></tr></tbody></table>"],
  td: ["<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>"],
  tfoot: ["<table><tbody><tr><td>a</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>"],
  th: ['<table><thead><tr><th colspan="2" scope="row">h</th></tr></thead></table>'],
  thead: ["<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>"],
  time: ['<p><time datetime="2026-11-29T10:00:00Z">today</time></p>'],
  tr: ["<table><tbody><tr><th>row head</th><td>cell</td></tr></tbody></table>"],
  u: ["<p><u>underlined</u></p>"],
  ul: ["<ul><li>a</li><li>b</li></ul>"],
};

describe("the visual editor's schema", () => {
  it("has a place for every allowed tag and for nothing else", () => {
    expect(Object.keys(ELEMENT_ROLES).sort()).toEqual([...ALLOWED_TAGS].sort());
    const names = [...Object.keys(schema.nodes), ...Object.keys(schema.marks)].filter((n) => n !== "doc" && n !== "text");
    expect(names.sort()).toEqual([...ALLOWED_TAGS].sort());
  });

  it("has a round-trip sample for every allowed tag", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...ALLOWED_TAGS].sort());
  });

  for (const [tag, samples] of Object.entries(SAMPLES)) {
    for (const html of samples) {
      it(`gives <${tag}> back unchanged: ${html.slice(0, 70)}`, () => {
        expect(roundTrip(html)).toBe(html);
      });
    }
  }

  it("drops what the sanitiser drops: other tags, attributes and unsafe addresses", () => {
    expect(roundTrip('<p class="x" style="color:red" onclick="x()">a<font>b</font></p><script>1</script>')).toBe("<p>ab</p>");
    expect(roundTrip('<p><a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AAAA" alt="d"></p>')).toBe("<p><a>x</a></p>");
    expect(roundTrip('<p><span title="t" data-x="1" id="i">s</span></p>')).toBe('<p><span title="t">s</span></p>');
  });

  it("keeps the text of a longer article, and an empty editor is an empty body", () => {
    const article =
      '<h2>Overview</h2><p>Bitcoin at <strong>$64,000</strong>, <a href="/coin/btc">see more</a>.</p><ul><li>one</li><li>two</li></ul><blockquote><p>q</p></blockquote><pre><code>x</code></pre>';
    expect(roundTrip(article)).toBe(article);
    expect(roundTrip("")).toBe("");
  });
});
