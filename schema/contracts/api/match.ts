import { type ApiContract, apiContract, type OperationId } from "./index.ts";
import type { RouteContract } from "./route-contract.ts";

type Compiled = { id: OperationId; route: RouteContract; pattern: RegExp; names: string[]; staticSegments: number[] };

function compile(id: OperationId, route: RouteContract): Compiled {
  const names: string[] = [];
  const staticSegments: number[] = [];
  const parts = route.path.split("/").map((segment, i) => {
    if (!segment.startsWith(":")) {
      staticSegments.push(i);
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }
    // Hono's ":file{sitemap-articles-[0-9]+\.xml}": a parameter with its own pattern.
    const [, name = "", pattern] = /^:([^{]+)(?:\{(.+)\})?$/.exec(segment) ?? [];
    names.push(name);
    return pattern ? `(${pattern})` : "([^/]+)";
  });
  // Strict like Hono's router: "/api/cryptos/" (a fuzzed "." segment, say) is no route, not the list.
  return { id, route, pattern: new RegExp(`^${parts.join("/")}$`), names, staticSegments };
}

const compiled = (Object.entries(apiContract) as [OperationId, RouteContract][]).map(([id, route]) => compile(id, route));

/** Hono tries static segments before parameters: "/api/cryptos/gainers" is not a coin. */
function moreStatic(a: Compiled, b: Compiled): number {
  const depth = Math.max(a.staticSegments.length, b.staticSegments.length) + a.names.length + b.names.length;
  for (let i = 0; i <= depth; i++) {
    const sa = a.staticSegments.includes(i);
    const sb = b.staticSegments.includes(i);
    if (sa !== sb) return sa ? -1 : 1;
  }
  return 0;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export type MatchedRoute = { id: OperationId; route: ApiContract[OperationId]; params: Record<string, string> };

/** The contract entry answering `method` on `pathname` (no query), with its path parameters; null when none. */
export function matchRoute(method: string, pathname: string): MatchedRoute | null {
  const upper = method.toUpperCase();
  const hits = compiled.filter((c) => c.route.method === upper && c.pattern.test(pathname)).sort(moreStatic);
  const best = hits[0];
  if (!best) return null;
  const values = best.pattern.exec(pathname)?.slice(1) ?? [];
  const params = Object.fromEntries(best.names.map((name, i) => [name, decoded(values[i] ?? "")]));
  return { id: best.id, route: apiContract[best.id], params };
}
