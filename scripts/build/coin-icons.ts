/**
 * Coin logos served from the site itself: the SVGs of @web3icons/core (MIT), named by CoinGecko id
 * (`/coins/bitcoin.svg`), so no page ever fetches an image from a third-party host
 * (docs/decisions/markets/coin-logos.md). The list of ids the Worker links to is
 * worker/ports/market/data/coin-icons.json, written from the same metadata by `npm run data:coin-icons`.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, sep } from "node:path";
import type { Plugin } from "vite";
import { type ChosenLogo, chooseLogo } from "./logo-contrast.ts";

const require = createRequire(import.meta.url);
const coreDir = join(require.resolve("@web3icons/core"), "../svgs");

type Token = { id: string; filePath: string; variants: string[] };

/** Every icon the package has in colour, by CoinGecko id: where its SVG module lies. */
export async function coinIconFiles(): Promise<Map<string, string>> {
  const { tokens } = (await import("@web3icons/common/metadata/tokens")) as unknown as { tokens: Token[] };
  const files = new Map<string, string>();
  for (const t of tokens) {
    const [kind, name] = t.filePath.split(":");
    // CoinGecko ids are lower case; the few other ids in the metadata name no CoinGecko coin.
    if (!name || !/^[a-z0-9-]+$/.test(t.id) || !t.variants.includes("branded") || (kind !== "token" && kind !== "network")) continue;
    files.set(t.id, join(coreDir, `${kind}s`, "branded", `${name}.svg.js`));
  }
  return files;
}

/** The SVG text of one icon module (`var X = '<svg ...>'; export { X as default }`). */
export function readIcon(file: string): string {
  const source = readFileSync(file, "utf8");
  const literal = /=\s*('(?:[^'\\]|\\.)*')/.exec(source)?.[1];
  if (!literal) throw new Error(`No SVG string in ${file}`);
  // A single-quoted JS string: its escapes are JSON's once the quotes are swapped.
  return JSON.parse(`"${literal.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string;
}

/**
 * The logo the site serves for an icon: its coloured variant, or the variant that stays visible in
 * both themes (./logo-contrast.ts).
 */
export function servedLogo(file: string): string {
  return servedLogoChoice(file).svg;
}

/** Which variant of an icon the site serves, and its SVG. */
export function servedLogoChoice(file: string): ChosenLogo {
  const background = file.replace(`${sep}branded${sep}`, `${sep}background${sep}`);
  return chooseLogo(readIcon(file), existsSync(background) ? readIcon(background) : null);
}

/** Emits `coins/<id>.svg` into the browser's build, and serves the same paths from `npm run dev:web`. */
export function coinIconsPlugin(): Plugin {
  let files: Map<string, string> | null = null;
  const load = async () => {
    files ??= await coinIconFiles();
    return files;
  };
  return {
    name: "coinsight-coin-icons",
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const id = /^\/coins\/([a-z0-9-]+)\.svg$/.exec(req.url ?? "")?.[1];
        const file = id ? (await load()).get(id) : undefined;
        if (!file) return next();
        res.setHeader("content-type", "image/svg+xml");
        res.end(servedLogo(file));
      });
    },
    async generateBundle() {
      for (const [id, file] of await load()) this.emitFile({ type: "asset", fileName: `coins/${id}.svg`, source: servedLogo(file) });
    },
  };
}

if (import.meta.main) {
  const ids = [...(await coinIconFiles()).keys()].sort();
  const out = join(import.meta.dirname, "../../worker/ports/market/data/coin-icons.json");
  writeFileSync(out, `${JSON.stringify(ids)}\n`);
  console.log(`${ids.length} coin icons listed in ${out}`);
}
