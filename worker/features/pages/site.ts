export const SITE_NAME = "Coinsight";
export const SITE_TWITTER = "@coinsightnews";
export const SITE_DESCRIPTION =
  "Daily AI-written crypto analysis driven by social sentiment, live prices for the top 500 coins, and plain-English Crypto 101 guides.";

/** The public origin for absolute URLs: PUBLIC_ORIGIN when set, else the request's own. */
export function siteOrigin(env: Pick<Env, "PUBLIC_ORIGIN">, requestUrl: string): string {
  const configured = env.PUBLIC_ORIGIN?.trim().replace(/\/+$/, "");
  return configured || new URL(requestUrl).origin;
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).toString();
}

/**
 * Social networks do not render SVG previews: our SVG covers have JPEG twins of the same name
 * (web/public/images), and other images are used as they are.
 */
export function socialImage(origin: string, imageUrl: string | null | undefined): string {
  const path = imageUrl?.trim() || "/images/default-card.svg";
  const raster = path.startsWith("/images/") && path.endsWith(".svg") ? path.replace(/\.svg$/, ".jpg") : path;
  return absoluteUrl(origin, raster);
}
