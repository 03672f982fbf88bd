import { describe, expect, it } from "vitest";
import { makeSubscription } from "#web/test/auth-fixtures.ts";
import { BANNERS, limitBanner } from "./banners.ts";

describe("§8 limit banners", () => {
  it("guests: the daily limit for about, the premium text otherwise", () => {
    expect(limitBanner({ signedIn: false, subscription: null }, "about")).toBe(
      "Daily limit reached. Log in for standard queries or subscribe for enhanced features with higher limits.",
    );
    expect(limitBanner({ signedIn: false, subscription: null }, "future_price")).toBe(
      "Daily limit for premium questions reached. Log in for standard Ask Coinsight queries or wait until midnight UTC for reset.",
    );
  });

  it("members: free, paid, otherwise", () => {
    expect(limitBanner({ signedIn: true, subscription: makeSubscription() }, "price_movement")).toBe("Please subscribe for more queries.");
    for (const tier of ["lite", "basic", "pro"] as const) {
      expect(limitBanner({ signedIn: true, subscription: makeSubscription({ tier }) }, "latest_news")).toBe(
        "Monthly query limit exceeded. Upgrade or wait until next month.",
      );
    }
    expect(limitBanner({ signedIn: true, subscription: makeSubscription({ tier: "pro" }) }, "about")).toBe(BANNERS.otherwise);
    expect(limitBanner({ signedIn: true, subscription: null }, "social_sentiment")).toBe("Usage limit reached. Please try again later.");
  });
});
