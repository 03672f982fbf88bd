import { describe, expect, it } from "vitest";
import { countStartTags, MAX_HTML_ELEMENTS, TOO_MANY_ELEMENTS } from "#schema/contracts/html-allowlist.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { displayHtml, isSafeUrl, sanitizeArticleContent, sanitizeHtml } from "./sanitize-html.ts";

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

describe("sanitizeHtml runs to a fixed point or refuses", () => {
  it("drops eight nested <xmp> with what is inside, instead of peeling one layer a pass", async () => {
    const out = await sanitizeHtml(`${"<xmp>".repeat(8)}<img src=x onerror=alert(1)>${"</xmp>".repeat(8)}<p>after</p>`);
    expect(out).toBe("<p>after</p>");
  });

  it.each([
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>x</p>', "<p>x</p>"],
    ['<base href="//evil.example/"><a href="/a">a</a>', '<a href="/a">a</a>'],
    ['<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe><p>x</p>', "<p>x</p>"],
    ['<form action="/api/logout" method="post"><button>Continue</button><input type="submit"></form>kept', "kept"],
    ['<a href="vbscript:msgbox(1)">v</a><a href="data:text/html,x">d</a>', "<a>v</a><a>d</a>"],
    ['<p style="color:red" title="t">x</p>', '<p title="t">x</p>'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', '<img src="x">"&gt;'],
    ["<p>a<div>b</div></p><table><tr><td>c</td></tr></table>", "<p>a</p><div>b</div><table><tbody><tr><td>c</td></tr></tbody></table>"],
    ["<p>1 < 2 &amp; &copy; &nbsp;</p>", "<p>1 &lt; 2 &amp; © &nbsp;</p>"],
  ])("cleans %s", async (input, expected) => {
    const out = await sanitizeHtml(input);
    expect(out).toBe(expected);
    expect(await sanitizeHtml(out)).toBe(out);
  });

  it("refuses nesting deeper than the limit, with the reason on the content field", async () => {
    const refused = await sanitizeHtml(`${"<div>".repeat(101)}x`).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("more than 100 levels deep") });
    expect((refused as ApiError).issues).toEqual([{ path: "content", message: (refused as ApiError).message }]);
    expect(await sanitizeHtml(`${"<div>".repeat(100)}x`)).toContain("x");
  });

  it("refuses markup the runtime's parser cannot read unambiguously", async () => {
    await expect(sanitizeHtml("<select><svg><style><img src=x onerror=alert(1)></style></svg></select>")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("unambiguously"),
    });
  });

  it("shows a stored body it would refuse as its text only (readers and the editor never get an error)", async () => {
    expect(await displayHtml(`${"<div>".repeat(150)}<b>deep</b> & <i>text</i>`)).toBe("<p>deep &amp; text</p>");
  });
});

describe("the element cap", () => {
  const paragraphs = (n: number) => "<p>x</p>".repeat(n);

  it("counts opening tags as written, whatever a parser makes of them", () => {
    expect(countStartTags("<p>a</p><BR><img src=x>")).toBe(3);
    expect(countStartTags("1 < 2, <3, </p> <?x> <")).toBe(0);
    expect(countStartTags("<!-- <b> --><p title='<i>'>")).toBe(3);
    expect(countStartTags(paragraphs(100), 10)).toBe(11);
  });

  it("refuses a body over the cap before parsing it, with the contract's message on the content field", async () => {
    const refused = await sanitizeHtml(paragraphs(MAX_HTML_ELEMENTS + 1)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      code: "BAD_REQUEST",
      message: TOO_MANY_ELEMENTS,
      issues: [{ path: "content", message: TOO_MANY_ELEMENTS }],
    });
  });

  it("refuses a body that the written-out <tbody> and <tr> take over the cap, so what is stored is shown as stored", async () => {
    const input = "<table><td>x</td></table>".repeat(MAX_HTML_ELEMENTS / 4 + 1);
    expect(countStartTags(input)).toBeLessThan(MAX_HTML_ELEMENTS);
    await expect(sanitizeHtml(input)).rejects.toMatchObject({ message: TOO_MANY_ELEMENTS });
  });

  it("shows a stored body over the cap as its text only", async () => {
    expect(await displayHtml(`${paragraphs(MAX_HTML_ELEMENTS)}<p>a <b>b</b></p>`)).toBe(`<p>${"x ".repeat(MAX_HTML_ELEMENTS)}a b</p>`);
  });
});

describe("sanitizeArticleContent (markdown)", () => {
  it("drops raw-text elements with their content and keeps the Markdown's text as written", async () => {
    const md = `## Markets\n\n${"<xmp>".repeat(8)}<img src=x onerror=alert(1)>${"</xmp>".repeat(8)}\n\nA & B < C, **bold** > plain`;
    expect(await sanitizeArticleContent(md, "markdown")).toBe("## Markets\n\n\n\nA & B < C, **bold** > plain");
  });

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
