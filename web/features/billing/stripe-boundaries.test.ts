import { describe, expect, it } from "vitest";
import headersText from "#web/public/_headers?raw";

// Every source file of the SPA, as text (tests excluded).
const sources = import.meta.glob<string>(["/web/**/*.{ts,tsx}", "!/web/**/*.test.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
});

function cspDirectives(): Map<string, string[]> {
  const line = headersText.split("\n").find((l: string) => l.trim().startsWith("Content-Security-Policy:")) ?? "";
  const policy = line.slice(line.indexOf(":") + 1);
  return new Map(
    policy
      .split(";")
      .map((d: string) => d.trim().split(/\s+/))
      .filter((d: string[]) => d[0])
      .map((d: string[]) => [d[0] as string, d.slice(1)]),
  );
}

describe("Stripe.js stays on /subscribe", () => {
  it("is imported by the live payment form only (its own lazy chunk)", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const importers = Object.entries(sources)
      .filter(([, text]) => /from "@stripe\//.test(text))
      .map(([file]) => file);
    expect(importers).toEqual(["/web/features/billing/components/live-payment-form.tsx"]);
    expect(sources["/web/features/billing/components/payment-step.tsx"]).toContain('lazy(() => import("./live-payment-form.tsx"))');
  });

  it("gets from the CSP only the hosts the Payment Element needs", () => {
    const csp = cspDirectives();
    const stripeHosts = (directive: string) => (csp.get(directive) ?? []).filter((s) => s.includes("stripe"));
    expect(stripeHosts("script-src")).toEqual(["https://js.stripe.com", "https://*.js.stripe.com"]);
    expect(stripeHosts("frame-src")).toEqual(["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"]);
    expect(stripeHosts("connect-src")).toEqual(["https://api.stripe.com"]);
    for (const [directive, sources] of csp) {
      if (!["script-src", "frame-src", "connect-src"].includes(directive)) expect(sources.join(" ")).not.toMatch(/stripe/);
    }
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
  });
});
