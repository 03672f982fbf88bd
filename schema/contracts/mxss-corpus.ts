/**
 * Hostile article markup: mutation-XSS and parser-differential cases, written for this project after the
 * classes in public mXSS research (raw-text peeling, namespace confusion, comment and CDATA breakouts,
 * attribute-value breakouts, table foster parenting, formatting-element reconstruction, entity and
 * scheme obfuscation, nesting limits). Every case, if any part of it ran, would call alert().
 *
 * Shared by the Worker's sanitiser test (worker/features/content/mxss-corpus.test.ts, which stores what it
 * keeps of each in fixtures/mxss-corpus.outputs.json), the reader's DOMPurify check (web/lib/safe-html.test.ts) and
 * the browser test (scripts/e2e/mxss.e2e.ts, which stores the `worst` ones through the editor's API).
 */
export type MxssCase = { name: string; html: string; worst?: true };

/** A parsed tree, the same shape from HTMLRewriter (worker test) and from a DOM (web test): text, or [tag, attributes, ...children]. */
export type TreeNode = string | [tag: string, attrs: Record<string, string>, ...children: TreeNode[]];
/** What the Worker stored of each case (with HTMLRewriter's tree of it), or why it refused it. */
export type CorpusOutputs = Record<string, { output: string; tree: TreeNode[] } | { refused: string }>;

const X = "<img src=x onerror=alert(1)>";
const RAW_TEXT = "xmp noembed noframes noscript iframe textarea title style script plaintext listing template".split(" ");

/** Each raw-text or legacy element wrapped around markup, in the shapes that peel or break out. */
const WORST_BREAKOUTS = new Set(["noscript", "noembed", "noframes", "iframe", "template", "style", "title"]);
const rawText: MxssCase[] = RAW_TEXT.flatMap((tag) => [
  { name: `${tag}: wraps a handler`, html: `<${tag}>${X}</${tag}>after` },
  {
    name: `${tag}: nested eight deep (one layer per pass)`,
    html: `${`<${tag}>`.repeat(8)}${X}${`</${tag}>`.repeat(8)}`,
    ...(tag === "xmp" ? { worst: true as const } : {}),
  },
  {
    name: `${tag}: closed inside an attribute`,
    html: `<${tag}><p title="</${tag}>${X}"></${tag}>`,
    ...(WORST_BREAKOUTS.has(tag) ? { worst: true as const } : {}),
  },
  { name: `${tag}: left open`, html: `<p>before</p><${tag}><b>${X}` },
  { name: `${tag}: end tag split by a removed element`, html: `<${tag}></${tag}<script></script>>${X}</${tag}>` },
]);

const foreign: MxssCase[] = [
  { name: "svg onload", html: "<svg onload=alert(1)>" },
  { name: "svg script", html: "<svg><script>alert(1)</script></svg>" },
  { name: "svg style raw text differs from html style", html: `<svg><style>${X}</style></svg>`, worst: true },
  { name: "svg a with javascript xlink:href", html: '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">go</text></a></svg>' },
  { name: "svg animate href", html: '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text y="20">x</text></a></svg>' },
  { name: "svg set href", html: '<svg><a><set attributeName="href" to="javascript:alert(1)"/><text y="9">y</text></a></svg>' },
  { name: "svg foreignObject html", html: `<svg><foreignObject>${X}</foreignObject></svg>` },
  { name: "svg desc html integration point", html: `<svg><desc><b>${X}</b></desc></svg>` },
  { name: "svg title integration point", html: `<svg><title><style>${X}</style></title></svg>` },
  { name: "svg cdata", html: `<svg><![CDATA[</svg>${X}]]></svg>` },
  { name: "svg image href", html: '<svg><image href="javascript:alert(1)"/></svg>' },
  { name: "svg use external", html: '<svg><use href="data:image/svg+xml,<svg id=x onload=alert(1)>#x"/></svg>' },
  { name: "svg feImage", html: '<svg><filter><feImage href="javascript:alert(1)"/></filter></svg>' },
  { name: "math mtext mglyph style", html: `<math><mtext><table><mglyph><style><!--</style>${X}`, worst: true },
  {
    name: "math mtext mglyph style title breakout",
    html: '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
    worst: true,
  },
  {
    name: "form math mtext mglyph svg",
    html: `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style>${X}">`,
    worst: true,
  },
  {
    name: "math annotation-xml encoding html",
    html: `<math><annotation-xml encoding="text/html"><style>${X}</style></annotation-xml></math>`,
  },
  { name: "math maction", html: '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>' },
  { name: "math href", html: '<math href="javascript:alert(1)">CLICK</math>' },
  { name: "math mi xlink", html: '<math><mi xlink:href="javascript:alert(1)">m</mi></math>' },
  { name: "svg inside p inside svg", html: `<svg><p><style>${X}</style></p></svg>` },
  { name: "svg breaks out with font color", html: `<svg><font color=red>${X}</font></svg>` },
  { name: "math breaks out with html element", html: `<math><b>${X}</b></math>` },
  { name: "noscript inside svg", html: `<svg><noscript><p title="</noscript>${X}"></noscript></svg>` },
  { name: "template in svg", html: `<svg><template><p title="</template>${X}"></template></svg>` },
  { name: "select then svg", html: `<select><svg><style>${X}</style></svg></select>` },
  { name: "uppercase SVG and MATH", html: "<SVG ONLOAD=alert(1)><MATH><MI>x</MI></MATH>" },
  { name: "svg in table cell", html: `<table><tr><td><svg><style>${X}</style></svg></td></tr></table>` },
  { name: "mglyph malignmark outside math", html: `<mglyph><malignmark>${X}</malignmark></mglyph>` },
  { name: "svg desc table", html: `<svg></p><style><a id="</style>${X}">` },
];

const comments: MxssCase[] = [
  { name: "comment", html: `<!-- ${X} -->` },
  { name: "comment closed early --!>", html: `<!-- a --!>${X}-->` },
  { name: "bogus comment <?", html: `<?xml ${X}?>` },
  { name: "bogus comment </", html: `</x ${X}>` },
  { name: "cdata in html", html: `<![CDATA[ ${X} ]]>` },
  { name: "comment inside attribute", html: `<p title="<!--">${X}<p title="-->">x</p>` },
  { name: "comment end in title attribute", html: `<!--<p title="-->${X}">` },
  { name: "nested comment opener", html: `<!-- <!-- -->${X}-->` },
  { name: "doctype then payload", html: `<!DOCTYPE html>${X}` },
  { name: "comment with ]]>", html: `<!--]]>-->${X}` },
  { name: "attribute value that closes a comment", html: '<p title="--&gt;&lt;img src=x onerror=alert(1)&gt;">t</p>' },
  { name: "attribute value that closes a style", html: '<p title="</style><img src=x onerror=alert(1)>">t</p>' },
  { name: "attribute value ]>", html: '<p title="]>x">t</p>' },
  { name: "processing instruction in svg", html: `<svg><?x ${X}?></svg>` },
  { name: "empty comment <!-->", html: `<!-->${X}` },
];

const urls: MxssCase[] = [
  ...[
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\u0001javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java&#x09;script:alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:alert(1)",
    "javascript&colon;alert(1)",
    "javascript&#58alert(1)",
    "jav&Tab;ascript:alert(1)",
    "\u2028javascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "DATA:text/html,x",
    "livescript:alert(1)",
    "feed:javascript:alert(1)",
    "jar:javascript:alert(1)",
    'cid:"onerror=alert(1)//',
    'tel:"onmouseover=alert(1)',
  ].map((url) => ({ name: `a href ${JSON.stringify(url)}`, html: `<a href="${url}">link</a>` })),
  { name: "img src javascript", html: '<img src="javascript:alert(1)">' },
  { name: "img src data svg", html: '<img src="data:image/svg+xml,<svg onload=alert(1)>">' },
  { name: "img srcset", html: '<img src="/ok.png" srcset="javascript:alert(1) 1x">' },
  { name: "a xlink href in html", html: '<a xlink:href="javascript:alert(1)">x</a>' },
  { name: "lang as a script url", html: '<p lang="javascript:alert(1)">x</p>' },
  { name: "time datetime as a url", html: '<time datetime="javascript:alert(1)">now</time>' },
  { name: "unquoted href with entity", html: "<a href=javascript&#x3A;alert(1)>x</a>" },
  { name: "base href", html: '<base href="javascript:alert(1)//"><a href="/x">rel</a>', worst: true },
  { name: "base to another host", html: '<base href="//evil.example/"><img src="/logo.png">' },
  { name: "meta refresh", html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', worst: true },
  { name: "meta refresh data", html: '<meta http-equiv="refresh" content="0;url=data:text/html,<script>alert(1)</script>">' },
  { name: "link import", html: '<link rel="import" href="data:text/html,<script>alert(1)</script>">' },
  { name: "iframe srcdoc", html: `<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>`, worst: true },
  { name: "iframe src javascript", html: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: "object data", html: '<object data="javascript:alert(1)"></object>' },
  { name: "embed src", html: '<embed src="javascript:alert(1)">' },
  { name: "a ping and download", html: '<a href="/x" ping="https://evil.example" download>d</a>' },
  { name: "area href", html: '<map><area href="javascript:alert(1)"></map>' },
];

const attributes: MxssCase[] = [
  { name: "onerror", html: X },
  { name: "onerror uppercase", html: "<IMG SRC=x ONERROR=alert(1)>" },
  { name: "onerror after slash", html: "<img/src=x/onerror=alert(1)>" },
  { name: "onerror with newline before =", html: "<img src=x onerror\n=alert(1)>" },
  { name: "duplicate attribute: safe first", html: '<a href="/safe" href="javascript:alert(1)">x</a>' },
  { name: "duplicate attribute: unsafe first", html: '<a href="javascript:alert(1)" href="/safe">x</a>' },
  { name: "style attribute", html: '<p style="background:url(javascript:alert(1))">x</p>', worst: true },
  { name: "style expression", html: '<div style="width:expression(alert(1))">x</div>' },
  { name: "id and name clobbering", html: '<img src="/a.png" id="getElementById" name="cookie">' },
  { name: "class and data attributes", html: '<p class="x" data-x="javascript:alert(1)" aria-label="y">z</p>' },
  { name: "ontoggle on details", html: "<details open ontoggle=alert(1)><summary>s</summary>d</details>", worst: true },
  { name: "onfocus autofocus", html: "<p contenteditable autofocus onfocus=alert(1)>x</p>" },
  { name: "onmouseover", html: '<a href="/x" onmouseover="alert(1)">hover</a>' },
  { name: "target without rel", html: '<a href="https://example.com" target="_blank">x</a>' },
  { name: "rel opener", html: '<a href="https://example.com" target="_blank" rel="opener">x</a>' },
  { name: "formaction", html: '<button formaction="javascript:alert(1)">b</button>' },
  { name: "quote breakout in title", html: '<p title="a&quot; onmouseover=&quot;alert(1)">x</p>' },
  { name: "backtick attribute", html: "<img src=`x` onerror=`alert(1)`>" },
  { name: "attribute without a value", html: "<ol reversed start=3><li>a</li></ol>" },
  { name: "nbsp in attribute", html: '<p title="a\u00a0b">c</p>' },
  { name: "legacy entity in attribute", html: '<a href="/?a=1&copy=2">x</a>' },
  { name: "NUL in attribute name", html: "<img src=x on\u0000error=alert(1)>" },
  { name: "NUL in tag name", html: "<scr\u0000ipt>alert(1)</scr\u0000ipt>" },
  { name: "self-closing script", html: "<script src=data:,alert(1) />x" },
  { name: "event handler in closing tag", html: "<b>x</b onmouseover=alert(1)>" },
  { name: "srcdoc on a kept tag", html: '<div srcdoc="<script>alert(1)</script>">x</div>' },
  { name: "is attribute", html: '<p is="x-evil" onclick="alert(1)">x</p>' },
  { name: "slot and part", html: '<span slot="a" part="b">x</span>' },
  { name: "xmlns on html element", html: '<p xmlns="http://www.w3.org/2000/svg"><style>x</style></p>' },
  { name: "title with markup", html: `<abbr title="${X.replace(/"/g, "&quot;")}">a</abbr>` },
];

const forms: MxssCase[] = [
  { name: "logout form and button", html: '<form action="/api/logout" method="post"><button>Continue</button></form>', worst: true },
  {
    name: "form posting to publish",
    html: '<form action="/api/admin/articles/1/publish" method="post"><input type="submit" value="Go"></form>',
    worst: true,
  },
  { name: "button with formaction outside form", html: '<button form="f" formaction="/api/logout" formmethod="post">x</button>' },
  { name: "input image", html: '<input type="image" src="x" onerror="alert(1)">' },
  { name: "textarea breakout", html: `<textarea></textarea>${X}<textarea>` },
  { name: "select option img", html: `<select><option>${X}</option></select>` },
  { name: "keygen and isindex", html: "<keygen autofocus onfocus=alert(1)><isindex action=javascript:alert(1) type=image>" },
  { name: "form clobbers attributes", html: '<form><input name="attributes"><input name="nodeName"></form>' },
  { name: "nested forms", html: `<form><div><form><p>${X}</p></form></div></form>` },
  { name: "dialog open", html: '<dialog open><form method="dialog"><button>x</button></form></dialog>' },
  { name: "object param", html: '<object><param name="src" value="javascript:alert(1)"></object>' },
  { name: "video poster", html: '<video poster="javascript:alert(1)"><source onerror="alert(1)"></video>' },
  { name: "audio onerror", html: "<audio src=x onerror=alert(1)>" },
  { name: "frameset onload", html: "<frameset onload=alert(1)>" },
  { name: "body onload", html: "<body onload=alert(1)>text", worst: true },
  { name: "html and head", html: "<html><head><script>alert(1)</script></head><body>x</body></html>" },
];

const structure: MxssCase[] = [
  { name: "table foster parents a handler", html: `<table><tr>${X}<td>x</td></tr></table>`, worst: true },
  { name: "table text foster parented", html: "<table>text<tr><td>cell</td></tr></table>" },
  { name: "table p closes", html: "<p>a<table><tr><td>b</td></tr></table>c</p>" },
  { name: "table without tbody", html: "<table><tr><th scope=col>h</th></tr><tr><td>c</td></tr></table>" },
  { name: "td outside table", html: "<td>loose</td><tr><th>x</th></tr>" },
  { name: "caption after rows", html: "<table><tr><td>a</td></tr><caption>c</caption></table>" },
  { name: "table inside table", html: "<table><tr><td>a</td></tr><table><tr><td>b</td></tr></table></table>" },
  { name: "div inside table row", html: "<table><tr><div>moved</div><td>x</td></tr></table>" },
  { name: "a inside a", html: '<a href="/1">one<a href="/2">two</a></a>' },
  { name: "a inside a across a table", html: '<a href="/1"><table><tr><td><a href="/2">x</a></td></tr></table></a>' },
  { name: "misnested formatting", html: "<b><i>x</b>y</i>" },
  { name: "formatting closed by p", html: "<p><b>x</p>y" },
  { name: "adoption agency with div", html: "<b>1<div>2</b>3</div>" },
  { name: "p inside p", html: "<p>a<p>b</p></p>" },
  { name: "div in p", html: "<p>a<div>b</div>c</p>" },
  { name: "heading in heading", html: "<h1>a<h2>b</h2></h1>" },
  { name: "li in li", html: "<ul><li>a<li>b</ul>" },
  { name: "li through div", html: "<li>a<div><li>b</div>" },
  { name: "dd dt", html: "<dl><dt>a<dd>b<dt>c</dl>" },
  { name: "stray end tags", html: "</p></br></div></a>x" },
  { name: "pre leading newline", html: "<pre>\n\nindented\n</pre>" },
  { name: "pre single newline", html: "<pre>\ncode</pre>" },
  { name: "summary outside details", html: "<summary>s</summary>" },
  { name: "hr in p", html: "<p>a<hr>b</p>" },
  { name: "image becomes img", html: "<image src=x onerror=alert(1)>" },
  { name: "noembed in table", html: `<table><noembed>${X}</noembed></table>` },
  { name: "deep nesting refused", html: `${"<div>".repeat(600)}${X}${"</div>".repeat(600)}`, worst: true },
  { name: "deep formatting nesting", html: `${"<b>".repeat(520)}<p>${X}</p>` },
  { name: "nesting at the limit", html: `${"<span>".repeat(99)}ok${"</span>".repeat(99)}` },
  { name: "lonely end of raw text", html: `</xmp>${X}` },
  { name: "marquee unwrapped", html: "<marquee onstart=alert(1)>moving</marquee>" },
  { name: "custom element", html: '<x-widget onclick="alert(1)">w</x-widget>' },
  { name: "portal and slot", html: '<portal src="https://evil.example"></portal><slot>s</slot>' },
  { name: "table in caption", html: "<table><caption><table><tr><td>x</td></tr></table></caption></table>" },
];

const text: MxssCase[] = [
  { name: "escaped markup stays text", html: "<p>&lt;img src=x onerror=alert(1)&gt;</p>" },
  { name: "double-escaped markup", html: "<p>&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;</p>" },
  { name: "less-than joins a removed tag", html: "<<script></script>img src=x onerror=alert(1)>", worst: true },
  { name: "split script tag", html: "<scr<script></script>ipt>alert(1)</scr<script></script>ipt>", worst: true },
  { name: "entity without semicolon", html: "<p>&lt &amp &copy &notin; &notit</p>" },
  { name: "numeric references", html: "<p>&#60;img src=x onerror=alert(1)&#62; &#x3C;b&#x3E; &#0; &#x80; &#xD800;</p>" },
  { name: "carriage returns", html: "<p>a\r\nb\rc&#13;d</p>" },
  { name: "NUL in text", html: "<p>a\u0000b</p>" },
  { name: "non-breaking spaces", html: "<p>a&nbsp;b\u00a0c</p>" },
  { name: "unicode line separators", html: "<p>a\u2028b\u2029c</p>" },
  { name: "bidi overrides", html: "<p>\u202egnp.exe</p>" },
  { name: "lone less-than", html: "<p>1 < 2 and 3 > 2, a <3 b</p>" },
  { name: "template literal text", html: "<p>${alert(1)} {{constructor.constructor('alert(1)')()}}</p>" },
  { name: "utf-16 surrogate text", html: "<p>\ud83d\ude80 and a lone \ud800</p>" },
  { name: "markup in alt", html: `<img src="/a.png" alt="${X.replace(/"/g, "&quot;")}">` },
];

export const MXSS_CORPUS: readonly MxssCase[] = [
  ...rawText,
  ...foreign,
  ...comments,
  ...urls,
  ...attributes,
  ...forms,
  ...structure,
  ...text,
];
