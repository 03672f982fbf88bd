/**
 * A line diff for the restore preview: what restoring a version would take out of the current text
 * and bring back from the version. Texts are compared as readable blocks (a paragraph, a heading, a
 * list item), not as HTML source, so a change in markup alone does not show as a changed line.
 */

export type DiffLine = { kind: "same" | "removed" | "added"; text: string };

const BLOCKS = "p,h1,h2,h3,h4,h5,h6,li,blockquote,pre,figcaption,td,th";

/** The readable blocks of an HTML text, in order (whitespace collapsed, empty blocks dropped). */
export function blocksOf(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const tidy = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
  const found = [...doc.body.querySelectorAll(BLOCKS)]
    // A block inside another block (a paragraph in a list item) is read with its parent.
    .filter((el) => !el.parentElement?.closest(BLOCKS))
    .map((el) => tidy(el.textContent))
    .filter(Boolean);
  return found.length ? found : tidy(doc.body.textContent) ? [tidy(doc.body.textContent)] : [];
}

/** Longest-common-subsequence line diff, from `before` (the current text) to `after` (the version). */
export function diffLines(before: readonly string[], after: readonly string[]): DiffLine[] {
  const n = before.length;
  const m = after.length;
  // lcs[i][j]: the common length of before[i..] and after[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    const row = lcs[i] ?? [];
    for (let j = m - 1; j >= 0; j--) {
      row[j] = before[i] === after[j] ? (lcs[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(lcs[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      out.push({ kind: "same", text: before[i] ?? "" });
      i++;
      j++;
    } else if (j < m && (i >= n || (lcs[i]?.[j + 1] ?? 0) >= (lcs[i + 1]?.[j] ?? 0))) {
      out.push({ kind: "added", text: after[j] ?? "" });
      j++;
    } else {
      out.push({ kind: "removed", text: before[i] ?? "" });
      i++;
    }
  }
  return out;
}

/** The diff of two single-line fields (title, excerpt): nothing when they are equal. */
export function fieldDiff(current: string, version: string): DiffLine[] {
  if (current.trim() === version.trim()) return [];
  return [
    ...(current.trim() ? [{ kind: "removed" as const, text: current.trim() }] : []),
    ...(version.trim() ? [{ kind: "added" as const, text: version.trim() }] : []),
  ];
}
