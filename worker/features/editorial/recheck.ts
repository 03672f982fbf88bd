import { z } from "zod";
import type { ClaimCheck } from "#schema/contracts/editorial.ts";
import { type ClaimInput, type ClaimReport, checkClaims, type Fact } from "#worker/lib/grounding/index.ts";

/** The stored facts of a generated article, read back defensively: a row that does not parse is not re-checked. */
const storedInput = z.object({
  facts: z.array(z.looseObject({ id: z.string(), label: z.string(), kind: z.string(), value: z.number(), display: z.string() })),
  entities: z.array(z.looseObject({ id: z.string(), name: z.string(), symbol: z.string() })),
});

export function parseClaimInput(json: string | null): ClaimInput | null {
  if (!json) return null;
  try {
    const parsed = storedInput.safeParse(JSON.parse(json));
    return parsed.success ? (parsed.data as unknown as ClaimInput) : null;
  } catch {
    return null;
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The newsroom's footer lines (footer() in the newsroom): the data time and the sources, not the article's prose. */
const FOOTER_LINE = /^(?:Data as of \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC\.|Sources: .*)$/;

function textOfHtml(html: string): string {
  return decode(
    html
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/li\s*>/gi, "\n")
      .replace(/<hr\b[^>]*>|<\/(?:p|h[1-6]|blockquote|div|ul|ol|pre|table|tr|section|figure)\s*>/gi, "\n\n")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The editor's HTML as the check reads a draft: blocks become paragraphs and list items lines (a
 * paragraph break forgets the coin "it" refers to, as in the newsroom's Markdown), inline tags go
 * without a trace ("<strong>Zcash</strong>," is "Zcash,"). The newsroom's footer lines after the last
 * rule are left out, as they were at generation; anything else after it (a sentence an editor added)
 * is checked.
 */
export function checkTextOf(title: string, excerpt: string, html: string): string {
  const rule = html.search(/<hr\b[^>]*>(?![\s\S]*<hr\b)/i);
  const head = rule >= 0 ? html.slice(0, rule) : html;
  const tail = rule >= 0 ? textOfHtml(html.slice(rule)) : "";
  const kept = tail
    .split(/\n{2,}/)
    .filter((p) => p.trim() && !FOOTER_LINE.test(p.trim()))
    .join("\n\n");
  return [title, excerpt, textOfHtml(head), kept].filter(Boolean).join("\n\n");
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const unsigned = (display: string) => display.replace(/^[+\-−]/, "");

/**
 * Each figure in the edited text back to the fact it shows, as a citation, so the claim check reads it
 * as the writer cited it: the fact whose display text it is (a change after a direction word is
 * shown without its sign). Only displays with a digit are figures; a figure that is no fact's display
 * stays typed, and the check holds it as it holds any typed figure.
 */
function candidatesOf(input: ClaimInput): Map<string, Fact[]> {
  const byText = new Map<string, Fact[]>();
  const add = (key: string, f: Fact) => {
    if (!/\d/.test(key)) return;
    byText.set(key, [...(byText.get(key) ?? []), f]);
  };
  for (const f of input.facts) add(f.display, f);
  // The exact display first, then a change written without its sign.
  for (const f of input.facts) if (f.signed && unsigned(f.display) !== f.display) add(unsigned(f.display), f);
  return byText;
}

type Placed = { start: number; end: number; options: Fact[]; pick: number };

/** The coin named last before a position in its line, for a figure two coins share ("#1", "+2.31%"). */
function nearestCoin(text: string, at: number, input: ClaimInput): string | null {
  const line = text.slice(Math.max(0, text.lastIndexOf("\n", at - 1)), at).toLowerCase();
  let best: { id: string; at: number } | null = null;
  for (const e of input.entities) {
    for (const name of [e.name, e.symbol]) {
      const i = line.lastIndexOf(name.toLowerCase());
      if (name.length >= 2 && i >= 0 && (!best || i > best.at)) best = { id: e.id, at: i };
    }
  }
  return best?.id ?? null;
}

function place(text: string, input: ClaimInput): Placed[] {
  const byText = candidatesOf(input);
  if (!byText.size) return [];
  const keys = [...byText.keys()].sort((a, b) => b.length - a.length).map(escapeRe);
  const re = new RegExp(`(?<![\\w.,$#+\\-−])(?:${keys.join("|")})(?![\\w%]|[.,]\\d)`, "g");
  const out: Placed[] = [];
  for (const m of text.matchAll(re)) {
    const start = m.index ?? 0;
    const options = byText.get(m[0]) ?? [];
    const coin = nearestCoin(text, start, input);
    const pick = Math.max(
      0,
      options.findIndex((f) => (coin ? f.subject === coin : !f.subject)),
    );
    out.push({ start, end: start + m[0].length, options, pick });
  }
  return out;
}

function cite(text: string, placed: readonly Placed[]): string {
  let out = "";
  let at = 0;
  for (const p of placed) {
    out += `${text.slice(at, p.start)}{{${p.options[p.pick]?.id}}}`;
    at = p.end;
  }
  return out + text.slice(at);
}

/**
 * Checks an edited article with the claim check and the facts it was written from. A figure two facts
 * share is read as the one the nearest coin before it owns; where that reading holds more than
 * another would, the other is taken (one figure at a time), so an editor is never held for the
 * reader-invisible choice between two facts with the same text.
 */
export function recheck(text: string, input: ClaimInput): ClaimReport {
  const placed = place(text, input);
  let report = checkClaims(cite(text, placed), input);
  for (const p of placed) {
    if (report.ok || p.options.length < 2) continue;
    let best = p.pick;
    for (let i = 0; i < p.options.length && !report.ok; i++) {
      if (i === best) continue;
      p.pick = i;
      const tried = checkClaims(cite(text, placed), input);
      if (tried.problems.length < report.problems.length) {
        report = tried;
        best = i;
      }
    }
    p.pick = best;
  }
  return report;
}

export function checkRecord(report: ClaimReport, by: ClaimCheck["by"], at: string): ClaimCheck {
  return { ok: report.ok, reasons: report.problems, checkedAt: at, by, readings: report.readings };
}
