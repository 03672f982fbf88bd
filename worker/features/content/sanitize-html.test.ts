import { describe, expect, it } from "vitest";
import { isSafeUrl, sanitizeArticleContent, sanitizeHtml } from "./sanitize-html.ts";

describe("sanitizeHtml", () => {
  it.each([
    ["<p>Hi<script>alert(1)</script></p>", "<p>Hi</p>"],
    ['<img src="/x.png" onerror="alert(1)" alt="chart">', '<img src="/x.png" alt="chart">'],
    ['<a href="javascript:alert(1)">click</a>', "<a>click</a>"],
    ['<a href="java&#115;cript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="  JaVa\tScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="jav&#x09;ascript&colon;alert(1)">x</a>', "<a>x</a>"],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ""],
    ['<svg onload="alert(1)"><circle r="4"/></svg><p>after</p>', "<p>after</p>"],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>text', "text"],
    ["<style>body{display:none}</style><p>x</p>", "<p>x</p>"],
    ["<!-- note --><p>x</p>", "<p>x</p>"],
    ['<div style="background:url(javascript:alert(1))" class="x" id="y">ok</div>', "<div>ok</div>"],
    ["<marquee>moving</marquee>", "moving"],
    ['<form action="/steal"><input name="pw"></form>kept', "kept"],
  ])("cleans %s", async (input, expected) => {
    expect(await sanitizeHtml(input)).toBe(expected);
  });

  it("keeps ordinary article markup untouched", async () => {
    const html =
      '<h2>Market overview</h2><p>Bitcoin rose <strong>2.3%</strong> to <a href="https://www.coingecko.com/en/coins/bitcoin">$64,039</a>.</p>' +
      '<ul><li>ETH: <em>-0.5%</em></li></ul><table><thead><tr><th scope="col">Coin</th></tr></thead><tbody><tr><td>BTC</td></tr></tbody></table>';
    expect(await sanitizeHtml(html)).toBe(html);
  });

  it("adds noopener to links that open a new tab", async () => {
    expect(await sanitizeHtml('<a href="https://x.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("catches markup that only forms once a removal joins its pieces", async () => {
    const out = await sanitizeHtml("<scr<script></script>ipt>alert(1)</scr<script></script>ipt>");
    expect(out.toLowerCase()).not.toContain("<script");
  });
});

describe("sanitizeArticleContent (markdown)", () => {
  it("keeps the Markdown and removes raw HTML dangers and script links", async () => {
    const md =
      "## Title\n\nText with [a link](https://example.com) and [bad](javascript:alert(1)).\n\n<img src=x onerror=alert(1)>\n\n> quote & <3";
    const out = await sanitizeArticleContent(md, "markdown");
    expect(out).toContain("## Title");
    expect(out).toContain("[a link](https://example.com)");
    expect(out).toContain("[bad](#");
    expect(out).not.toContain("onerror");
    expect(out).toContain("> quote & <3");
  });

  it("turns autolinks into links rather than losing them", async () => {
    expect(await sanitizeArticleContent("See <https://coinsight.news/news>.", "markdown")).toBe(
      "See [https://coinsight.news/news](https://coinsight.news/news).",
    );
  });
});

describe("isSafeUrl", () => {
  it.each(["https://a.b", "http://a.b", "mailto:x@y.z", "/article/x", "#top", "./a", "page?x=1:2"])("allows %s", (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });
  it.each(["javascript:x", "JAVASCRIPT:x", "vbscript:x", "data:text/html,x", "java\nscript:x", "&#106;avascript:x"])(
    "refuses %s",
    (url) => {
      expect(isSafeUrl(url)).toBe(false);
    },
  );
});
