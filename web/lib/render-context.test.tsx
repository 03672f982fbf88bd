import { act, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { prng } from "#schema/contracts/prng.ts";
import { timeAgo } from "./format.ts";
import { RenderContext, useClock, useHydrated, useSiteOrigin } from "./render-context.ts";

const PUBLISHED = "2026-09-01T10:00:00Z";
const SERVER_NOW = Date.parse("2026-09-01T12:00:00Z");

function Stamp() {
  const { now, zone } = useClock();
  const state = useHydrated() ? "hydrated" : "server";
  return <p>{`${timeAgo(PUBLISHED, now)} (${zone}) ${state} ${useSiteOrigin()}`}</p>;
}

const page = (children: ReactNode) => (
  <RenderContext value={{ origin: "https://coinsight.example", now: SERVER_NOW }}>{children}</RenderContext>
);

describe("a page rendered on the server and hydrated in the browser", () => {
  it("hydrates with the server's clock and origin, then shows the reader's own", async () => {
    const html = renderToString(page(<Stamp />));
    expect(html).toContain("2 hours ago (utc) server https://coinsight.example");

    const box = document.createElement("div");
    box.innerHTML = html;
    const recoverable = vi.fn();
    // The reader's clock is a day later: the first render must still match the server's HTML.
    vi.useFakeTimers({ now: SERVER_NOW + 86_400_000, toFake: ["Date"] });
    try {
      await act(async () => {
        hydrateRoot(box, page(<Stamp />), { onRecoverableError: recoverable });
      });
    } finally {
      vi.useRealTimers();
    }
    expect(recoverable).not.toHaveBeenCalled();
    expect(box.textContent).toContain("1 day ago (local) hydrated");
  });

  it("outside a server-rendered page: the browser's own clock and origin at once", () => {
    expect(renderToString(<StampOutside />)).toContain("(local)");
  });
});

function StampOutside() {
  const { zone } = useClock();
  return <p>{`(${zone})`}</p>;
}

describe("prng, the visit seed's generator", () => {
  it("gives the same numbers for the same seed, in [0, 1), and others for another seed", () => {
    const a = prng(1795645666258);
    const b = prng(1795645666258);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(Array.from({ length: 5 }, prng(42))).not.toEqual(first);
  });
});
