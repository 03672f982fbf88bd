import { screen } from "@testing-library/react";
import type { HttpHandler } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { Subscription } from "#schema/contracts/auth.ts";
import { AdSlot } from "#web/components/ui/ad-slot.tsx";
import { subscriptionKeys } from "#web/features/account/api/subscription.ts";
import { authMocks, makeSubscription, makeUser } from "#web/test/auth-fixtures.ts";
import { calls, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { AdFreeForPro } from "./ad-free.tsx";

function renderAd(handlers: HttpHandler[]) {
  server.use(...handlers);
  return renderAt(
    <AdFreeForPro>
      <p>Page</p>
      <AdSlot width={300} height={250} />
    </AdFreeForPro>,
  );
}

const ad = "Advertisement Space (Ads temporarily disabled for security)";

describe("advertisements", () => {
  it.each<[string, Subscription]>([
    ["free", makeSubscription()],
    ["basic", makeSubscription({ tier: "basic", queryLimit: 30 })],
  ])("show for %s members", async (_, sub) => {
    renderAd(authMocks(makeUser(), sub));
    expect(await screen.findByText(ad)).toBeInTheDocument();
  });

  it("show for signed-out visitors", async () => {
    renderAd(authMocks(null));
    expect(await screen.findByText(ad)).toBeInTheDocument();
  });

  it("never show for Pro members", async () => {
    const { client } = renderAd(authMocks(makeUser(), makeSubscription({ tier: "pro", queryLimit: 80 })));
    // Not even while the plan loads: the page renders, the slot never does.
    expect(screen.getByText("Page")).toBeInTheDocument();
    expect(screen.queryByText(ad)).toBeNull();
    await vi.waitFor(() => expect(client.getQueryState(subscriptionKeys.mine)?.status).toBe("success"));
    expect(calls.map((c) => c.path)).toContain("/api/user/subscription");
    expect(screen.queryByText(ad)).toBeNull();
  });
});
