/**
 * Where a sign-in may send the browser afterwards: a path on this site only. Anything that could
 * leave the origin (absolute URLs, protocol-relative "//host", backslash tricks, control
 * characters) or loop back into the sign-in routes becomes "/".
 */
export function safeReturnTo(candidate: string | null | undefined, origin: string): string {
  if (!candidate?.startsWith("/") || candidate.startsWith("//") || hasUnsafeCharacter(candidate)) return "/";
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return "/";
  }
  if (url.origin !== origin || url.pathname.startsWith("/api/") || url.pathname === "/api") return "/";
  const result = `${url.pathname}${url.search}${url.hash}`;
  // Judge what the browser will be sent to, not what was typed: "/.//evil.example" and
  // "/%2e//evil.example" normalise to the protocol-relative "//evil.example".
  if (!result.startsWith("/") || result.startsWith("//") || hasUnsafeCharacter(result)) return "/";
  return result;
}

/** The Referer's path when the reader came from a page of this site. */
export function refererPath(referer: string | undefined, origin: string): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.origin === origin ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

/** Backslashes (browsers read them as "/") and control characters (stripped by URL parsers). */
function hasUnsafeCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}
