/**
 * The one allowlist of article HTML, shared by the Worker's sanitiser (worker/features/content/
 * sanitize-html.ts, which stores and serves it) and DOMPurify in the browser (web/lib/safe-html.ts, the
 * reader and the editor), and by the visual editor's schema (web/features/editorial/lib/editor-schema.ts),
 * so that all keep and drop the same things
 * (docs/decisions/security/html-sanitiser.md). An allowlist: a tag or attribute not named here is not
 * kept. Tags in DROPPED_WITH_CONTENT go with everything inside them; any other unknown tag is unwrapped
 * (its text stays).
 */

export const ALLOWED_TAGS: readonly string[] = (
  "a abbr b blockquote br caption cite code dd del details div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins " +
  "kbd li mark ol p pre q s small span strong sub summary sup table tbody td tfoot th thead time tr u ul"
).split(" ");

/**
 * Removed with their content: raw-text and legacy elements (whose content a parser reads as text, so
 * keeping it would hand markup to the next parser), foreign content (SVG, MathML), embedding, forms and
 * the document's own elements.
 */
export const DROPPED_WITH_CONTENT: readonly string[] = (
  "script style xmp iframe noembed noframes noscript plaintext listing textarea title template svg math " +
  "select option optgroup datalist form button input keygen isindex object embed applet param frame frameset " +
  "head meta link base audio video source track canvas portal picture map area dialog slot"
).split(" ");

/** Attributes any kept tag may carry; the rest are per tag. No id, class, style, on*, data-* or aria-*. */
export const GLOBAL_ATTRS: readonly string[] = ["title", "lang", "dir"];
export const TAG_ATTRS: Readonly<Record<string, readonly string[]>> = {
  a: ["href", "rel", "target"],
  img: ["src", "alt", "width", "height", "loading"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan", "scope"],
  ol: ["start", "reversed"],
  time: ["datetime"],
};

/** Every attribute name kept on some tag (DOMPurify's ALLOWED_ATTR; the tag is checked by a hook). */
export const ALLOWED_ATTRS: readonly string[] = [...new Set([...GLOBAL_ATTRS, ...Object.values(TAG_ATTRS).flat()])];

export function attributeAllowed(tag: string, name: string): boolean {
  return GLOBAL_ATTRS.includes(name) || (TAG_ATTRS[tag]?.includes(name) ?? false);
}

/** Attributes whose value is free text; every other kept value must pass SAFE_URI (as DOMPurify checks). */
const FREE_TEXT_ATTRS = new Set(["alt", "title"]);

/**
 * DOMPurify's own URI rule with fewer schemes: http(s) and mailto, or no scheme at all (relative
 * paths, #fragments, plain words). Applied after ATTR_WHITESPACE is removed, as DOMPurify does.
 */
export const SAFE_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these inside a URL's scheme
export const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
/** Values DOMPurify removes as a way out of a comment, CDATA or raw-text element (its ATTR_VALUE_BREAKOUT). */
export const ATTR_VALUE_BREAKOUT = /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;

/**
 * Whether an allowed attribute keeps this (decoded, trimmed) value: the same answer DOMPurify gives
 * with the reader's configuration, so that what the Worker stores passes DOMPurify unchanged.
 */
export function attributeValueAllowed(name: string, value: string): boolean {
  if (ATTR_VALUE_BREAKOUT.test(value)) return false;
  if (FREE_TEXT_ATTRS.has(name) || value === "") return true;
  return SAFE_URI.test(value.replace(ATTR_WHITESPACE, ""));
}

/**
 * Deeper markup is refused: Chromium's parser stops nesting at 512 levels and moves deeper elements
 * (a parser differential behind known mutation XSS), and no article needs a tenth of this.
 */
export const MAX_HTML_DEPTH = 100;

/**
 * More elements than this in one body are refused (400 on `content`): each costs the sanitiser several
 * calls from the runtime's parser into JavaScript on every save and on the first read after every edit;
 * HTMLRewriter itself gives up at about 16,300 elements left open; and the longest guide has 97
 * (docs/decisions/content/article-element-cap.md).
 */
export const MAX_HTML_ELEMENTS = 10_000;
export const TOO_MANY_ELEMENTS = `Content has more than ${MAX_HTML_ELEMENTS.toLocaleString("en-US")} elements (opening tags such as <p> or <li>); split it into shorter articles or simplify the markup, and save again.`;

/**
 * Opening tags as written: each `<` followed by an ASCII letter, the only way a parser starts an
 * element, so never fewer than the elements it reads (a `<b` in a comment or an attribute counts too).
 * One scan of the text; stops once the count passes `limit`.
 */
export function countStartTags(html: string, limit = Number.POSITIVE_INFINITY): number {
  let count = 0;
  for (let at = html.indexOf("<"); at !== -1 && count <= limit; at = html.indexOf("<", at + 1)) {
    // | 0x20 folds A-Z onto a-z and moves nothing else into a-z.
    const next = html.charCodeAt(at + 1) | 0x20;
    if (next >= 0x61 && next <= 0x7a) count++;
  }
  return count;
}
