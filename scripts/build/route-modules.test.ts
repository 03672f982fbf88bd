import { describe, expect, it } from "vitest";
import { type RouteModules, routeModulesPlugin } from "./route-modules.ts";

type FakeChunk = { imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; facade?: string; css?: string[] };

/** Runs the plugin's generateBundle on a made-up bundle and returns the route-modules.json it emits. */
function emitted(chunks: Record<string, FakeChunk>): RouteModules {
  const bundle = Object.fromEntries(
    Object.entries(chunks).map(([fileName, c]) => [
      fileName,
      {
        type: "chunk",
        fileName,
        isEntry: c.isEntry ?? false,
        facadeModuleId: c.facade ?? null,
        imports: c.imports ?? [],
        dynamicImports: c.dynamicImports ?? [],
        viteMetadata: { importedCss: new Set(c.css ?? []) },
      },
    ]),
  );
  let source = "";
  const plugin = routeModulesPlugin();
  const hook = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  hook.call({ emitFile: (file: { source: string }) => (source = file.source) }, {}, bundle);
  return JSON.parse(source) as RouteModules;
}

describe("route-modules.json", () => {
  const bundle: Record<string, FakeChunk> = {
    "assets/index.js": { isEntry: true, imports: ["assets/zod-config.js"], dynamicImports: ["assets/react-dom.js", "assets/mount.js"] },
    "assets/zod-config.js": {},
    "assets/react-dom.js": { imports: ["assets/react.js"] },
    "assets/react.js": {},
    "assets/mount.js": { imports: ["assets/react-dom.js", "assets/react.js"], css: ["assets/mount.css"] },
    "assets/markets.js": {
      facade: "/repo/web/app/routes/markets.tsx",
      imports: ["assets/react.js", "assets/table.js"],
      css: ["assets/markets.css"],
    },
    "assets/table.js": { imports: ["assets/react.js"], css: ["assets/table.css"] },
    "assets/home.js": { facade: "/repo/web/app/routes/home.tsx", imports: ["assets/react.js"] },
  };

  it("lists the chunks the entry starts the app with first, then the page's own, each once", () => {
    expect(emitted(bundle).markets).toEqual({
      js: ["/assets/react-dom.js", "/assets/react.js", "/assets/mount.js", "/assets/markets.js", "/assets/table.js"],
      css: ["/assets/mount.css", "/assets/markets.css", "/assets/table.css"],
    });
  });

  it("leaves out what the entry loads itself, and gives every page the start-up chunks", () => {
    const routes = emitted(bundle);
    expect(routes.home?.js).toEqual(["/assets/react-dom.js", "/assets/react.js", "/assets/mount.js", "/assets/home.js"]);
    for (const route of Object.values(routes)) expect(route.js).not.toContain("/assets/zod-config.js");
  });
});
