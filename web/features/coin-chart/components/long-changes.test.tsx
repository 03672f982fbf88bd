import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { History } from "#schema/contracts/charts.ts";
import { makeCrypto } from "#web/test/fixtures.ts";
import { mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { LongChanges } from "./long-changes.tsx";

const DAY = 86_400;
const now = Date.UTC(2026, 10, 20, 12) / 1000;
const live = { demo: false, demoDataFrom: null, recordedAt: null, replayedAt: null };

/** Daily prices for the last `days` days: 100 `days` ago, rising by one a day. */
function year(days: number): History {
  const points = Array.from({ length: days }, (_, i): [number, number] => [now - (days - i) * DAY, 100 + i]);
  return { symbol: "SOL", id: "solana", range: "1y", step: DAY, points, recorded: { complete: days >= 365, from: points[0]?.[0] ?? null } };
}

function setup(history: History) {
  server.use(mock(apiContract.getPriceHistory, history), mock(apiContract.getSiteStatus, live));
  const coin = makeCrypto({ symbol: "SOL", name: "Solana", priceUsd: 200, lastUpdated: new Date(now * 1000).toISOString() });
  return renderAt(<LongChanges coin={coin} />);
}

describe("LongChanges", () => {
  it("gives the 14-day, 30-day and 1-year changes from the prices recorded at each period's start", async () => {
    setup(year(366));
    const group = await screen.findByRole("list", { name: "Longer-term changes" });
    const tile = (label: string) => within(group).getByText(label).parentElement as HTMLElement;
    // 14 days ago the price was 100 + 352 = 452; 30 days ago 436; a year ago 101.
    expect(tile("14 days")).toHaveTextContent(`▼ -${((1 - 200 / 452) * 100).toFixed(2)}%`);
    expect(tile("30 days")).toHaveTextContent(`-${((1 - 200 / 436) * 100).toFixed(2)}%`);
    expect(tile("1 year")).toHaveTextContent(`▲ +${((200 / 101 - 1) * 100).toFixed(2)}%`);
    expect(within(tile("1 year")).getByTitle(/^From \$101\.00 on 20 Nov 2025$/)).toBeInTheDocument();
  });

  it("shows a dash that says why where no price is recorded at a period's start", async () => {
    setup(year(20));
    const group = await screen.findByRole("list", { name: "Longer-term changes" });
    expect(within(group).getByText("14 days").parentElement).toHaveTextContent(/[+-]\d+\.\d{2}%/);
    expect(within(group).getByTitle("No price of Solana is recorded 30 days ago")).toHaveTextContent("—");
    expect(within(group).getByTitle("No price of Solana is recorded a year ago")).toHaveTextContent("—");
  });
});
