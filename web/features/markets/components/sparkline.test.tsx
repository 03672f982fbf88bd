import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Sparkline } from "./sparkline.tsx";

/** The line as toFixed(1) writes it: what the faster drawing must give, coordinate for coordinate. */
function expected(points: (number | null)[], width: number, height: number): string {
  const known = points.filter((p): p is number => p != null);
  const min = Math.min(...known);
  const span = Math.max(...known) - min || 1;
  const step = width / (points.length - 1);
  return points
    .flatMap((p, i) => (p == null ? [] : [`${(i * step).toFixed(1)},${(2 + (1 - (p - min) / span) * (height - 4)).toFixed(1)}`]))
    .join(" ");
}

describe("Sparkline", () => {
  it("writes every recorded point where toFixed(1) would, and crosses the unrecorded ones", () => {
    // A fixed walk with gaps, over prices from a fraction of a cent to tens of thousands of dollars.
    for (const scale of [0.000123, 1, 76_181]) {
      const points = Array.from({ length: 43 }, (_, i) => (i % 5 === 3 ? null : scale * (1 + Math.sin(i * 1.7) / 10)));
      const { container, unmount } = render(<Sparkline points={points} change7d="+1.00%" width={96} />);
      expect(container.querySelector("polyline")?.getAttribute("points")).toBe(expected(points, 96, 32));
      unmount();
    }
  });

  it("draws nothing from fewer than two recorded points", () => {
    const { container } = render(<Sparkline points={[null, 5, null]} change7d={null} />);
    expect(container.querySelector("svg")).toBeNull();
  });
});
