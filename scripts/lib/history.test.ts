import { describe, expect, it } from "vitest";
import { type HistorySeed, historySeedSql, placePoints, readHistorySeed, replayShift } from "./history.ts";

const DAY = 86_400;
const now = Date.parse("2026-11-27T09:17:42Z") / 1000;

describe("the recorded price history, laid down as a replay", () => {
  it("moves every point so that the recording ends at the moment of the replay", () => {
    const seed: HistorySeed = { recordedEnd: "2026-04-30T12:21:00Z", coins: {} };
    const shift = replayShift(seed, now * 1000);
    expect(Date.parse(seed.recordedEnd) / 1000 + shift).toBe(now);
  });

  it("places points on the slots the nightly roll-up keeps: 5 minutes, then hours after 2 days, then midnights after 90", () => {
    const placed = placePoints(
      [
        [now - 200 * DAY + 9_000, 1],
        [now - 10 * DAY + 1_234, 2],
        [now - 3_700, 3],
      ],
      0,
      now,
    );
    expect(placed).toEqual([
      [Math.floor((now - 200 * DAY) / DAY) * DAY, 1],
      [Math.floor((now - 10 * DAY + 1_234) / 3_600) * 3_600, 2],
      [Math.floor((now - 3_700) / 300) * 300, 3],
    ]);
  });

  it("keeps the later of two points in one slot and drops points after the replay's present", () => {
    const placed = placePoints(
      [
        [now - 20 * DAY + 60, 10],
        [now - 20 * DAY + 120, 11],
        [now + 60, 99],
      ],
      0,
      now,
    );
    expect(placed.map(([, p]) => p)).toEqual([11]);
  });

  it("replays the real recording: Bitcoin's last point is the 30 April 2026 price, within five minutes of the replay's start", () => {
    const seed = readHistorySeed();
    const statements = historySeedSql({ replayAt: now * 1000 }, seed);
    // The last replay's points (and walked prices) go first, so two replays never interleave.
    expect(statements.slice(0, 2)).toEqual(["DELETE FROM price_history", "DELETE FROM coins"]);
    const btc = statements.find((s) => s.includes("'bitcoin'")) ?? "";
    const points = JSON.parse(/json_each\('(.*)'\)/.exec(btc)?.[1] ?? "[]") as [number, number][];
    const last = points.at(-1) ?? [0, 0];
    expect(last[1]).toBe(76181);
    expect(now - last[0]).toBeLessThan(300 + 60);
    // A year back and more is there, one point a day, and the last week has the intraday snapshots.
    expect(points.filter(([ts]) => ts >= now - 365 * DAY).length).toBeGreaterThan(360);
    expect(points.filter(([ts]) => ts >= now - 7 * DAY).length).toBeGreaterThan(15);
    expect(points.filter(([ts]) => ts >= now - DAY).length).toBeGreaterThanOrEqual(4);
  });

  it("keeps the real dates without a replay (live data), and never replaces what the feed wrote", () => {
    const statements = historySeedSql({}, { recordedEnd: "2026-04-30T12:21:00Z", coins: { bitcoin: [[1_777_551_650, 76_181]] } });
    expect(statements).toHaveLength(1);
    // Older than 90 days on this clock: kept on its UTC midnight, the date unchanged.
    expect(statements[0]).toContain(Date.now() / 1000 - 1_777_551_650 > 90 * DAY ? "[[1777507200,76181]]" : ",76181]]");
    expect(statements[0]).toContain("ON CONFLICT (coin_id, ts) DO NOTHING");
  });
});
