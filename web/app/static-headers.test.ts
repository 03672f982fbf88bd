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

describe("the SPA's static headers (issue 10, item 10)", () => {
  const headers = headersFor("/*");

  it("sends HSTS for a year, subdomains included", () => {
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("allows no third-party host that no shipped feature uses (Stripe, TradingView come with their features)", () => {
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/stripe|tradingview/i);
    expect(headers["permissions-policy"] ?? "").not.toMatch(/stripe/i);
  });
});
