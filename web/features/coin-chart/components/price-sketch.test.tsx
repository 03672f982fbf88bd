import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { withGaps } from "../api/history.ts";
import { PriceSketch } from "./price-sketch.tsx";

const DAY = 86_400;
const t0 = Date.UTC(2026, 0, 1) / 1000;

describe("PriceSketch", () => {
  it("draws each run of history as its own line, leaves the gap empty and shows the latest price", () => {
    const points = [
      { time: t0, value: 100 },
      { time: t0 + DAY, value: 110 },
      { time: t0 + 2 * DAY, gap: true as const },
      { time: t0 + 3 * DAY, value: 105.5 },
      { time: t0 + 4 * DAY, value: 120.25 },
    ];
    render(<PriceSketch points={points} range="30d" label="Bitcoin price in USD, 1M" />);
    const chart = screen.getByRole("img", { name: "Bitcoin price in USD, 1M" });
    expect(chart).toHaveAttribute("data-points", "4");
    expect(chart).toHaveAttribute("data-range", "30d");
    const line = chart.querySelectorAll("path")[1]?.getAttribute("d") ?? "";
    expect(line.match(/M/g)).toHaveLength(2);
    // The first run ends at the second day; the second starts at the fourth, three quarters across.
    expect(line).toContain("M750.0,");
    expect(screen.getByTestId("chart-legend")).toHaveTextContent("$120.25");
  });

  it("joins recorded prices across empty slots that are no gap", () => {
    const points = [{ time: t0, value: 100 }, { time: t0 + DAY }, { time: t0 + 2 * DAY }, { time: t0 + 3 * DAY, value: 90 }];
    render(<PriceSketch points={points} range="7d" label="x" />);
    const line = screen.getByRole("img").querySelectorAll("path")[1]?.getAttribute("d") ?? "";
    expect(line.match(/M/g)).toHaveLength(1);
    expect(line.match(/L/g)).toHaveLength(1);
  });

  it("draws a lone point between gaps as a dot and an empty range as an empty plot", () => {
    const { rerender } = render(
      <PriceSketch
        points={[
          { time: t0, gap: true },
          { time: t0 + DAY, value: 2 },
        ]}
        range="7d"
        label="x"
      />,
    );
    expect(screen.getByRole("img").querySelectorAll("path")[1]?.getAttribute("d")).toMatch(/^M1000\.0,[\d.]+h0$/);
    rerender(<PriceSketch points={[]} range="7d" label="x" />);
    expect(screen.getByRole("img").querySelectorAll("path")[1]?.getAttribute("d")).toBe("");
    expect(screen.getByTestId("chart-legend")).toBeEmptyDOMElement();
  });

  it("marks each price of a sparse range, and none of a full one", () => {
    const now = t0 + DAY;
    const snapshots: [number, number][] = [
      [t0 + 9 * 3_600, 10],
      [t0 + 13 * 3_600, 11],
      [t0 + 17 * 3_600, 12],
      [t0 + 21 * 3_600, 11.5],
      [t0 + 23 * 3_600, 12.5],
    ];
    const { rerender } = render(<PriceSketch points={withGaps(snapshots, 300, "24h", now)} range="24h" label="x" />);
    const chart = screen.getByRole("img");
    expect(chart).toHaveAttribute("data-markers", "true");
    expect(chart.querySelectorAll("path")[2]?.getAttribute("d")?.match(/h0/g)).toHaveLength(5);
    const full = Array.from({ length: 288 }, (_, i): [number, number] => [t0 + i * 300, 10 + (i % 7)]);
    rerender(<PriceSketch points={withGaps(full, 300, "24h", now)} range="24h" label="x" />);
    expect(screen.getByRole("img")).toHaveAttribute("data-markers", "false");
    expect(screen.getByRole("img").querySelectorAll("path")).toHaveLength(2);
  });
});
