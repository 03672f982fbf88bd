import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PriceText } from "./price-text.tsx";

describe("PriceText", () => {
  it("writes four or more zeros after the point as a count, and keeps the full figure for screen readers", () => {
    const { container } = render(<PriceText text="$0.0000001462" />);
    expect(screen.getByTestId("price-compact").textContent).toBe("$0.061462");
    expect(container.querySelector("sub")?.textContent).toBe("6");
    expect(container.querySelector(".visually-hidden")?.textContent).toBe("$0.0000001462");
  });

  it("leaves ordinary prices and three zeros as they are", () => {
    for (const text of ["$76,187.07", "$0.9996", "$0.0001234", "—"]) {
      const { container, unmount } = render(<PriceText text={text} />);
      expect(container.textContent).toBe(text);
      expect(container.querySelector("sub")).toBeNull();
      unmount();
    }
  });
});
