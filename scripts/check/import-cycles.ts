/**
 * Fails when a module imports itself through a chain of other modules (an import circle), or when code
 * that ships imports a test's support module (`test-support.ts`).
 * A circle makes module order depend on which file is loaded first, so a value read at load time can be
 * undefined, and it means two modules cannot be understood apart. Part of `npm run lint`.
 *
 * Every static import and re-export counts, type-only ones too (they tie two files as much as a value
 * does), and so does a dynamic `import()`: a lazy import hides a circle from the loader, not from the
 * reader. Only the project's own files are followed: `#web/*`, `#worker/*`, `#schema/*` and relative
 * specifiers; packages and virtual modules (`coinsight-ssr`, `cloudflare:*`) are leaves.
 *
 * A feature's `test-support.ts` sits beside what it tests, for tests only: tests (`*.test.ts(x)`, `*.e2e.ts`),
 * other test support and the test setups (`worker/test/`, `web/test/`, `scripts/e2e/`) may import it;
 * anything else would put test code in the bundle (docs/decisions/architecture/test-support-names.md).
 *
 * Usage: node scripts/check/import-cycles.ts  (exit 1 and the circles or leaks when there are any)
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const root = resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["web", "worker", "schema", "scripts"];
const ALIASES: Record<string, string> = { "#web/": "web/", "#worker/": "worker/", "#schema/": "schema/" };
const SKIP_DIRS = new Set(["node_modules", "dist", "fixtures", "data"]);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) sourceFiles(path, out);
    } else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) {
      out.push(path);
    }
  }
  return out;
}

/** The specifiers a file imports, from its syntax tree (comments and strings that look like imports do not count). */
export function specifiersOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The project file a specifier names, or undefined for packages and virtual modules. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const bare = specifier.split("?")[0] ?? specifier;
  let target: string | undefined;
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (bare.startsWith(alias)) target = join(root, dir, bare.slice(alias.length));
  }
  if (!target && bare.startsWith(".")) target = resolve(dirname(from), bare);
  if (!target) return undefined;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  }
  return undefined;
}

/** Circles in the graph, one per strongly connected component, each as a path that returns to its start. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++] as string;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((component) => pathThrough(graph, new Set(component), component[0] as string));
}

/** One circle inside a component, found by a breadth-first walk back to where it started. */
function pathThrough(graph: Map<string, string[]>, members: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at) as string) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/** Whether a file is test code: a test, test support, or a test setup. */
export function isTestCode(file: string): boolean {
  const path = relative(root, resolve(root, file)).split("\\").join("/");
  return /\.test\.tsx?$|\.e2e\.ts$|(^|\/)test-support\.tsx?$/.test(path) || /^(worker\/test|web\/test|scripts\/e2e)\//.test(path);
}

/** Imports of a test-support module from code that is not test code, as "importer → test support". */
export function testSupportLeaks(graph: Map<string, string[]>): string[] {
  const leaks: string[] = [];
  for (const [file, targets] of graph) {
    if (isTestCode(file)) continue;
    for (const target of targets)
      if (/(^|\/)test-support\.tsx?$/.test(target)) leaks.push(`${relative(root, file)} → ${relative(root, target)}`);
  }
  return leaks;
}

function main(): void {
  const graph = new Map<string, string[]>();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(join(root, dir))) {
      const targets = specifiersOf(file, readFileSync(file, "utf8"))
        .map((specifier) => resolveSpecifier(file, specifier))
        .filter((target): target is string => target !== undefined);
      graph.set(file, [...new Set(targets)]);
    }
  }
  const cycles = findCycles(graph);
  const leaks = testSupportLeaks(graph);
  if (cycles.length === 0 && leaks.length === 0) {
    console.log(`import-cycles: ${graph.size} files, no circles, no test support outside tests`);
    return;
  }
  if (cycles.length) console.error(`import-cycles: ${cycles.length} circle(s):`);
  for (const cycle of cycles) console.error(`  ${cycle.map((file) => relative(root, file)).join(" → ")}`);
  if (leaks.length) console.error(`import-cycles: ${leaks.length} import(s) of test support from code that ships:`);
  for (const leak of leaks) console.error(`  ${leak}`);
  process.exit(1);
}

if (import.meta.main) main();
