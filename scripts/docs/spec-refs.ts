import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** The product specs the code cites by section (`public-site.md §9`), all in `docs/spec/`. */
export const SPEC_FILES = ["public-site.md", "assistant-plans-admin.md"] as const;

/** Section numbers a spec defines: `## 9. Business constants` gives "9". */
export function specSections(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const match of markdown.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)) {
    if (match[1]) sections.add(match[1]);
  }
  return sections;
}

export interface SpecRef {
  file: string;
  line: number;
  /** The spec named on the line before the section sign, or null for a bare `§n`. */
  spec: string | null;
  section: string;
}

/**
 * Other standards cite sections too (RFC 6749 §2.3.1, OIDC Core §3.1.3.7, OpenID Connect Discovery §4.3):
 * a section sign right after one of them is theirs, not ours.
 */
const FOREIGN = /(RFC \d+|OIDC Core|Discovery) $/;
const SPEC_NAME = new RegExp(`(${SPEC_FILES.map((f) => f.replace(".", "\\.")).join("|")})`, "g");

/**
 * Every `§n` of a text. A section sign takes the spec named last before it on the same line, so
 * `assistant-plans-admin.md §5, §6` names the file once for both.
 */
export function findSpecRefs(text: string, file: string): SpecRef[] {
  const refs: SpecRef[] = [];
  text.split("\n").forEach((lineText, index) => {
    for (const match of lineText.matchAll(/§ ?(\d+(?:\.\d+)*)/g)) {
      const before = lineText.slice(0, match.index);
      if (FOREIGN.test(before)) continue;
      const named = [...before.matchAll(SPEC_NAME)].at(-1)?.[1] ?? null;
      refs.push({ file, line: index + 1, spec: named, section: match[1] ?? "" });
    }
  });
  return refs;
}

const SOURCE = /\.(ts|tsx|css|md|mjs|js|sql|toml)$/;
const SKIP = new Set(["node_modules", "dist", ".wrangler", ".git", "spec", "fixtures", "data"]);

/** The code and docs that may cite the spec: everything but the specs themselves and generated files. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (!SKIP.has(name)) walk(join(path, name));
    } else if (SOURCE.test(path) && !path.endsWith("worker-configuration.d.ts")) {
      // This check's own files hold made-up references for its tests.
      if (!relative(root, path).startsWith("scripts/docs/")) out.push(relative(root, path));
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return out;
}

/** References that do not resolve: a bare `§n`, or a section the named spec does not have. */
export function unresolvedSpecRefs(root: string): SpecRef[] {
  const sections = new Map(SPEC_FILES.map((f) => [f, specSections(readFileSync(join(root, "docs/spec", f), "utf8"))]));
  const files = sourceFiles(root, ["worker", "web", "schema", "scripts", "docs", "README.md", "CONTRIBUTING.md"]);
  return files
    .flatMap((file) => findSpecRefs(readFileSync(join(root, file), "utf8"), file))
    .filter((ref) => ref.spec === null || !sections.get(ref.spec as (typeof SPEC_FILES)[number])?.has(ref.section));
}

// `node scripts/docs/spec-refs.ts` lists what does not resolve.
if (import.meta.url === `file://${process.argv[1]}`) {
  const refs = unresolvedSpecRefs(join(import.meta.dirname, "../.."));
  for (const ref of refs) console.log(`${ref.file}:${ref.line} ${ref.spec ?? "(no spec named)"} §${ref.section}`);
  console.log(`${refs.length} unresolved`);
}
