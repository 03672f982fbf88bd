import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Subscription } from "#schema/contracts/auth.ts";
import { AdSlot } from "#web/components/ui/ad-slot.tsx";
import { subscriptionKeys } from "#web/features/account/api/subscription.ts";
import { authRoutes, makeSubscription, makeUser } from "#web/test/auth-fixtures.ts";
import { renderAt, stubFetch } from "#web/test/render.tsx";
import { AdFreeForPro } from "./ad-free.tsx";

afterEach(() => vi.unstubAllGlobals());

function renderAd(routes: Record<string, unknown>) {
  vi.stubGlobal("fetch", vi.fn(stubFetch(routes)));
  renderAt(
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
    renderAd(authRoutes(makeUser(), sub));
    expect(await screen.findByText(ad)).toBeInTheDocument();
  });

  it("show for signed-out visitors", async () => {
    renderAd(authRoutes(null));
    expect(await screen.findByText(ad)).toBeInTheDocument();
  });

  it("never show for Pro members", async () => {
    const fetchMock = vi.fn(stubFetch(authRoutes(makeUser(), makeSubscription({ tier: "pro", queryLimit: 80 }))));
    vi.stubGlobal("fetch", fetchMock);
    const { client } = renderAt(
      <AdFreeForPro>
        <p>Page</p>
        <AdSlot width={300} height={250} />
      </AdFreeForPro>,
    );
    // Not even while the plan loads: the page renders, the slot never does.
    expect(screen.getByText("Page")).toBeInTheDocument();
    expect(screen.queryByText(ad)).toBeNull();
    await vi.waitFor(() => expect(client.getQueryState(subscriptionKeys.mine)?.status).toBe("success"));
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain("/api/user/subscription");
    expect(screen.queryByText(ad)).toBeNull();
  });
});
