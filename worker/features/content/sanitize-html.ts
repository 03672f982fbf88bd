/**
 * Server-side sanitising of article markup, for every path that writes articles (the admin editor,
 * the generation pipeline). Readers sanitise again with DOMPurify after rendering; this pass means
 * hostile markup is never even stored. Built on HTMLRewriter, the runtime's streaming HTML parser:
 * an allowlist of tags and attributes, URLs limited to http(s), mailto and relative ones.
 */

const ALLOWED_TAGS = new Set(
  (
    "a abbr b blockquote br caption cite code dd del details div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins " +
    "kbd li mark ol p pre q s small span strong sub summary sup table tbody td tfoot th thead time tr u ul"
  ).split(" "),
);

/** Removed together with everything inside them. */
const DROPPED_TAGS = (
  "script style iframe frame frameset object embed applet noscript template svg math form input button textarea select " +
  "option link meta base title head audio video source track canvas portal"
).split(" ");

const GLOBAL_ATTRS = new Set(["title", "lang", "dir"]);
const TAG_ATTRS: Record<string, Set<string>> = {
  a: new Set(["href", "rel", "target"]),
  img: new Set(["src", "alt", "width", "height", "loading"]),
  td: new Set(["colspan", "rowspan"]),
  th: new Set(["colspan", "rowspan", "scope"]),
  ol: new Set(["start", "reversed"]),
  time: new Set(["datetime"]),
};
const URL_ATTRS = new Set(["href", "src"]);

const NAMED_ENTITIES: Record<string, string> = { colon: ":", tab: "\t", newline: "\n", amp: "&", lpar: "(", rpar: ")" };

/** Decodes the entities a URL could hide its scheme behind (java&#115;cript:, &colon;, ...). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] !== "#") return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
    const code = body[1]?.toLowerCase() === "x" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : "";
  });
}

/** http(s), mailto and scheme-less (relative, #fragment) URLs are safe; anything else is not. */
export function isSafeUrl(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u00a0]+/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === "http" || scheme === "https" || scheme === "mailto";
}

async function sanitizeOnce(html: string): Promise<string> {
  const rewriter = new HTMLRewriter()
    .onDocument({
      comments: (comment) => {
        comment.remove();
      },
    })
    .on(DROPPED_TAGS.join(","), {
      element: (el) => {
        el.remove();
      },
    })
    .on("*", {
      element(el) {
        if (el.removed) return;
        const tag = el.tagName.toLowerCase();
        if (!ALLOWED_TAGS.has(tag)) {
          el.removeAndKeepContent();
          return;
        }
        const allowed = TAG_ATTRS[tag];
        for (const [name = "", value = ""] of [...el.attributes]) {
          const keep = (GLOBAL_ATTRS.has(name) || allowed?.has(name)) && (!URL_ATTRS.has(name) || isSafeUrl(value));
          if (!keep) el.removeAttribute(name);
        }
        if (tag === "img" && !el.hasAttribute("src")) el.remove();
        if (tag === "a" && el.getAttribute("target")) el.setAttribute("rel", "noopener noreferrer");
      },
    });
  return rewriter.transform(new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } })).text();
}

/**
 * Returns `html` with every script, event handler, dangerous URL and unknown tag removed. Runs to a
 * fixed point, so markup that only forms once a removal joins its pieces is caught on the next pass.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  let current = html;
  for (let pass = 0; pass < 4; pass++) {
    const next = await sanitizeOnce(current);
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** Markdown may hold raw HTML and link destinations: both are cleaned, the Markdown text is kept. */
export async function sanitizeArticleContent(content: string, format: "markdown" | "html"): Promise<string> {
  if (format === "html") return sanitizeHtml(content);
  // An autolink (<https://...>) would parse as a tag: write it as an ordinary link first.
  const markdown = await sanitizeHtml(content.replace(/<((?:https?:\/\/|mailto:)[^\s<>]+)>/gi, "[$1]($1)"));
  return markdown.replace(/(\]\(\s*<?)([^)\s>]*)/g, (whole, open: string, url: string) => (isSafeUrl(url) ? whole : `${open}#`));
}
