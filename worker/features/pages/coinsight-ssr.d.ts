// The web build's page renderer (web/entry-server.tsx), aliased by wrangler.toml and vite.config.ts.
declare module "coinsight-ssr" {
  import type { ApiTransport, RenderPage } from "#schema/contracts/server-render.ts";

  export const renderPage: RenderPage;
  export function setApiTransport(transport: ApiTransport): void;
}
