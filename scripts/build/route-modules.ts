import type { Plugin } from "vite";

/** What a page's route needs beyond the entry chunk: its own chunk, the chunks it imports, its CSS. */
export type RouteModules = Record<string, { js: string[]; css: string[] }>;

export const ROUTE_MODULES_FILE = "route-modules.json";

type Chunk = {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * Writes `route-modules.json` beside the build: for each page in web/app/routes/, the files its lazy
 * chunk loads that the entry has not loaded already, after the chunks the entry starts the app with
 * (its own dynamic imports: web/main.tsx). The Worker reads it to announce a page's modules
 * in the HTML (modulepreload), so the browser fetches them alongside the entry instead of after it.
 */
export function routeModulesPlugin(): Plugin {
  return {
    name: "coinsight-route-modules",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const out of Object.values(bundle)) if (out.type === "chunk") chunks.set(out.fileName, out as unknown as Chunk);
      const closure = (start: string, into = new Set<string>()) => {
        if (into.has(start)) return into;
        into.add(start);
        for (const next of chunks.get(start)?.imports ?? []) closure(next, into);
        return into;
      };
      const loaded = new Set<string>();
      const stages = new Set<string>();
      for (const chunk of chunks.values()) {
        if (!chunk.isEntry) continue;
        closure(chunk.fileName, loaded);
        for (const stage of chunk.dynamicImports) closure(stage, stages);
      }
      const routes: RouteModules = {};
      for (const chunk of chunks.values()) {
        const route = chunk.facadeModuleId?.match(/\/web\/app\/routes\/([a-z0-9-]+)\.tsx$/)?.[1];
        if (!route || chunk.isEntry) continue;
        const files = [...new Set([...stages, ...closure(chunk.fileName)])].filter((f) => !loaded.has(f));
        const css = new Set<string>();
        for (const f of files) for (const c of chunks.get(f)?.viteMetadata?.importedCss ?? []) css.add(`/${c}`);
        routes[route] = { js: files.map((f) => `/${f}`), css: [...css] };
      }
      this.emitFile({ type: "asset", fileName: ROUTE_MODULES_FILE, source: `${JSON.stringify(routes, null, 1)}\n` });
    },
  };
}
