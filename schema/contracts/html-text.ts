/**
 * `html` with each `<` up to the next `>` replaced by `by`, as `html.replace(/<[^>]*>/g, by)` does, in
 * one scan. The regex starts again at every `<` that has no `>` after it and reads to the end each time:
 * quadratic (40,000 such `<` took 5.6 s in Node); past the last `>` there is nothing more to replace.
 */
export function replaceTags(html: string, by: string): string {
  let out = "";
  let from = 0;
  for (let open = html.indexOf("<"); open !== -1; open = html.indexOf("<", from)) {
    const close = html.indexOf(">", open + 1);
    if (close === -1) break;
    out += html.slice(from, open) + by;
    from = close + 1;
  }
  return out + html.slice(from);
}
