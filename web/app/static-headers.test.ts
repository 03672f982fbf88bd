import { describe, expect, it } from "vitest";
import headersText from "#web/public/_headers?raw";

/** web/public/_headers as Workers Static Assets reads it: path lines, then indented "Name: value" lines. */
function headersFor(path: string): Record<string, string> {
  const text: string = headersText;
  const out: Record<string, string> = {};
  let current = "";
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) current = line.trim();
    else if (current === path) {
      const at = line.indexOf(":");
      out[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
    }
  }
  return out;
}

describe("the SPA's static headers", () => {
  const headers = headersFor("/*");

  it("sends HSTS for a year, subdomains included", () => {
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("allows only the third-party hosts a shipped feature uses (Stripe's Payment Element, TradingView's widget)", () => {
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const hosts = [...csp.matchAll(/https:\/\/[^\s;]+/g)].map((m) => new URL(m[0].replace("*.", "wildcard.")).hostname);
    for (const host of hosts) expect(host).toMatch(/(^|\.)(stripe\.com|tradingview\.com)$/);
    expect(headers["permissions-policy"] ?? "").toContain('payment=(self "https://js.stripe.com")');
  });
});
