import { type ClaimInput, heldSentences, renderClaims } from "#worker/lib/grounding/index.ts";

/** Sentences of a raw draft, in order, with the paragraph breaks kept after them. */
function rawSentences(text: string): { text: string; after: string }[] {
  const out: { text: string; after: string }[] = [];
  for (const m of text.matchAll(/([^\n]*?[.!?])(?=\s|$)(\s*)|([^\n]+?)(\n+|$)/g)) {
    const body = (m[1] ?? m[3] ?? "").trim();
    if (body) out.push({ text: body, after: m[2] ?? m[4] ?? "" });
  }
  return out;
}

/** Letters only, so a figure's sign or a Markdown mark does not decide whether two sentences are one. */
const plain = (s: string) =>
  s
    .replace(/…$/, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, "");

/**
 * A writer double that answers a repair request as a compliant model would: each quoted sentence is
 * rewritten into the frame forms the request gives for its facts (so its citations are kept), or
 * dropped when the request gives none (it cites nothing and is no listed caution). Sentences the
 * check did not hold are kept as written.
 */
export function repairAsAsked(draft: string, input: ClaimInput): string {
  const held = heldSentences(draft, input);
  let out = "";
  for (const s of rawSentences(draft)) {
    const shown = plain(renderClaims(s.text, input));
    const h = held.find((x) => shown.startsWith(plain(x.sentence)) || plain(x.sentence).startsWith(shown));
    const text = h ? h.forms.join(" ") : s.text;
    if (text) out += `${text}${/\n/.test(s.after) ? s.after : " "}`;
  }
  return out.trim();
}

/** The facts a draft cites that make a claim (labels such as "top 100" are scope, not claims). */
export function claimsOf(text: string, input: ClaimInput): Set<string> {
  const labels = new Set(input.facts.filter((f) => f.kind === "label").map((f) => f.id));
  return new Set([...text.matchAll(/\{\{\s*([\w.:-]+)\s*\}\}/g)].map((m) => m[1] as string).filter((id) => !labels.has(id)));
}
