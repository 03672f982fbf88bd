/**
 * Pasted HTML from Google Docs and Word, reduced to what an article keeps: headings, paragraphs, lists,
 * links, tables and emphasis (docs/decisions/editorial/visual-editor.md). Both write their formatting as
 * inline styles, which the sanitiser drops whole: the emphasis is read from them first. Everything is then
 * parsed by the editor's schema (only the allowlist) and sanitised again on the way out.
 *
 * Parsed with DOMParser: an inert document, where nothing runs and no image loads.
 */
export function cleanPastedHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  wordListsToLists(body);
  for (const el of [...body.querySelectorAll("*")]) {
    if (el.localName === "o:p" || isWordListMarker(el)) el.remove();
  }
  for (const el of [...body.querySelectorAll("*")]) cleanElement(el);
  // A line break left between blocks (Google Docs ends its lists with one) is not content.
  for (const br of [...body.querySelectorAll(":scope > br")]) br.remove();
  // Word keeps spacing as empty paragraphs (`<p><o:p>&nbsp;</o:p></p>`): the site's styles space paragraphs.
  for (const p of [...body.querySelectorAll("p")]) if (!p.textContent?.trim() && !p.querySelector("img")) p.remove();
  return body.innerHTML;
}

/** What each kept element may carry over from the source; every other attribute goes. */
const KEEP_ATTRS: Readonly<Record<string, readonly string[]>> = {
  a: ["href"],
  img: ["src", "alt"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  ol: ["start"],
};

function style(el: Element): string {
  return (el.getAttribute("style") ?? "").toLowerCase();
}
function isBold(el: Element): boolean {
  const weight = /(?:^|[;\s])font-weight:\s*([a-z0-9]+)/.exec(style(el))?.[1];
  return weight !== undefined && (weight === "bold" || weight === "bolder" || Number(weight) >= 600);
}
function isNotBold(el: Element): boolean {
  const weight = /(?:^|[;\s])font-weight:\s*([a-z0-9]+)/.exec(style(el))?.[1];
  return weight === "normal" || (weight !== undefined && Number(weight) < 600);
}
function isItalic(el: Element): boolean {
  return /(?:^|[;\s])font-style:\s*(italic|oblique)/.test(style(el));
}

function unwrap(el: Element) {
  el.replaceWith(...el.childNodes);
}

function cleanElement(el: Element) {
  const tag = el.localName;
  // Google Docs wraps the whole fragment in <b style="font-weight:normal" id="docs-internal-guid-…">.
  if ((tag === "b" || tag === "strong") && isNotBold(el)) return unwrap(el);
  if ((tag === "i" || tag === "em") && /(?:^|[;\s])font-style:\s*normal/.test(style(el))) return unwrap(el);
  if (tag === "span" || tag === "font") {
    // Google Docs writes bold and italic as styled spans; keep them as the elements that mean it.
    let inner: Node[] = [...el.childNodes];
    for (const [wanted, as] of [
      [isItalic(el), "em"],
      [isBold(el), "strong"],
    ] as const) {
      if (!wanted) continue;
      const wrapper = el.ownerDocument.createElement(as);
      wrapper.append(...inner);
      inner = [wrapper];
    }
    el.replaceWith(...inner);
    return;
  }
  const keep = KEEP_ATTRS[tag] ?? [];
  for (const name of el.getAttributeNames()) if (!keep.includes(name)) el.removeAttribute(name);
}

/** Word's list paragraphs: `class="MsoListParagraph…"`, or any paragraph styled `mso-list: l0 level1 lfo1`. */
function wordListInfo(el: Element): { list: string; level: number } | null {
  if (el.localName !== "p") return null;
  const m = /mso-list:\s*(l\d+)\s+level(\d+)/.exec(style(el));
  if (m?.[1] && m[2]) return { list: m[1], level: Number(m[2]) };
  if (/\bMsoListParagraph/.test(el.getAttribute("class") ?? "")) return { list: "l?", level: 1 };
  return null;
}

/** The bullet or number Word writes as text inside `<span style="mso-list:Ignore">`. */
function isWordListMarker(el: Element): boolean {
  return /mso-list:\s*ignore/.test(style(el));
}

/**
 * Runs of Word's list paragraphs become lists: ordered when the marker Word wrote was a number or a
 * letter followed by "." or ")", bulleted otherwise; `levelN` nests. The marker is read, then removed.
 */
function wordListsToLists(body: HTMLElement) {
  const doc = body.ownerDocument;
  const paragraphs = [...body.querySelectorAll("p")].filter((p) => wordListInfo(p));
  const ordered = new Map(paragraphs.map((p) => [p, /^\s*\w{1,4}[.)]/.test(markerOf(p))]));
  let stack: { el: HTMLElement; list: string; level: number }[] = [];
  let last: Element | null = null;
  for (const p of paragraphs) {
    const info = wordListInfo(p) as { list: string; level: number };
    // A run continues only across its own siblings (whitespace between them aside).
    if (!last || last.nextElementSibling !== p) stack = [];
    while (
      stack.length &&
      ((stack.at(-1)?.level ?? 0) > info.level || ((stack.at(-1)?.level ?? 0) === info.level && stack.at(-1)?.list !== info.list))
    )
      stack.pop();
    const li = doc.createElement("li");
    li.append(...p.childNodes);
    const top = stack.at(-1);
    if (top && top.level === info.level) {
      top.el.append(li);
    } else {
      const list = doc.createElement(ordered.get(p) ? "ol" : "ul");
      list.append(li);
      if (top) (top.el.lastElementChild ?? top.el).append(list);
      else p.before(list);
      stack.push({ el: list, list: info.list, level: info.level });
    }
    p.remove();
    // The next paragraph of the run follows where this one stood: track the list's own end.
    last = stack[0]?.el ?? null;
  }
}

function markerOf(p: Element): string {
  return p.querySelector("[style*='mso-list' i]")?.textContent ?? "";
}
