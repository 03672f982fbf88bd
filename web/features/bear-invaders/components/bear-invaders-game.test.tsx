import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "#web/test/render.tsx";
import { BearInvadersPage } from "./bear-invaders-page.tsx";
import { COARSE_POINTER } from "./coarse-pointer.ts";
import { HIGH_SCORE_KEY } from "./high-score.ts";

beforeEach(() => {
  // jsdom has no 2D canvas; the page must cope with a missing context.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function open() {
  const utils = renderAt(<BearInvadersPage />, { path: "/bear-invaders" });
  const game = screen.getByRole("application", { name: "Bear Invaders game" });
  const status = () => screen.queryByTestId("game-overlay")?.getAttribute("data-status") ?? "playing";
  /** Presses a key on the game; true when the page's default action (scrolling) went ahead. */
  const press = (key: string, init: KeyboardEventInit = {}) => {
    const allowed = fireEvent.keyDown(game, { key, ...init });
    fireEvent.keyUp(game, { key, ...init });
    return allowed;
  };
  return { ...utils, game, status, press };
}

const hud = (id: string) => screen.getByTestId(`hud-${id}`).textContent;

describe("Bear Invaders page", () => {
  it("opens on the start screen with the HUD, focus on the game and a link home", () => {
    const { game, status } = open();
    expect(status()).toBe("ready");
    expect(screen.getByText("Press Space to start")).toBeInTheDocument();
    expect([hud("score"), hud("high-score"), hud("lives"), hud("level"), hud("time")]).toEqual(["0", "0", "3", "1/3", "3:00"]);
    expect(document.activeElement).toBe(game);
    expect(screen.getByRole("link", { name: "← Back to home" })).toHaveAttribute("href", "/");
    const canvas = screen.getByTestId("game-canvas") as HTMLCanvasElement;
    expect(canvas.width / canvas.height).toBe(800 / 600);
  });

  it("shows the high score kept in local storage", () => {
    localStorage.setItem(HIGH_SCORE_KEY, "380");
    open();
    expect(hud("high-score")).toBe("380");
  });

  it("Space starts, P pauses and Space resumes", () => {
    const { status, press } = open();
    press(" ");
    expect(status()).toBe("playing");
    expect(screen.getByRole("status")).toHaveTextContent("Playing level 1.");
    press("p");
    expect(status()).toBe("paused");
    expect(screen.getByText("Press Space to resume")).toBeInTheDocument();
    press(" ");
    expect(status()).toBe("playing");
  });

  it("keeps the page from scrolling on game keys but leaves Tab and browser shortcuts alone", () => {
    const { press } = open();
    for (const key of [" ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]) expect(press(key)).toBe(false);
    expect(press("Tab")).toBe(true);
    expect(press("r", { ctrlKey: true })).toBe(true);
  });

  it("pauses when the tab is hidden", () => {
    const { status, press } = open();
    press(" ");
    const hidden = vi.spyOn(document, "hidden", "get").mockReturnValue(true);
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(status()).toBe("paused");
    hidden.mockRestore();
  });

  it("pauses when focus leaves the game", () => {
    const { status, press, game } = open();
    press(" ");
    fireEvent.blur(game, { relatedTarget: document.body });
    expect(status()).toBe("paused");
  });

  it("R restarts from anywhere, straight into play", () => {
    const { status, press } = open();
    press(" ");
    press("p");
    press("R");
    expect(status()).toBe("playing");
    expect(hud("score")).toBe("0");
    expect(hud("lives")).toBe("3");
  });

  it("the overlay and toolbar buttons drive the game too, and give focus back to it", () => {
    const { status, game } = open();
    fireEvent.click(screen.getByRole("button", { name: "Start game" }));
    expect(status()).toBe("playing");
    expect(document.activeElement).toBe(game);
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(status()).toBe("paused");
    fireEvent.click(screen.getByRole("button", { name: "Restart" }));
    expect(status()).toBe("playing");
  });

  it("the on-screen Fire button starts the game for touch players", () => {
    const { status } = open();
    fireEvent.pointerDown(screen.getByRole("button", { name: "Fire" }), { pointerId: 1 });
    expect(status()).toBe("playing");
    expect(screen.getByRole("button", { name: "Move left" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move right" })).toBeInTheDocument();
  });

  it("the screen-reader line names the touch control on a touch screen, and the keys with a keyboard", () => {
    // A stand-in for matchMedia (jsdom has none) whose answer the test changes, as rotating to a keyboard dock would.
    let coarse = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal(
      "matchMedia",
      vi.fn((media: string) => ({
        media,
        get matches() {
          return media === COARSE_POINTER && coarse;
        },
        addEventListener: (_: string, fn: () => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      })),
    );
    try {
      const { press } = open();
      const said = () => screen.getByRole("status").textContent;
      expect(said()).toBe("Bear Invaders. Tap FIRE to start.");
      fireEvent.pointerDown(screen.getByRole("button", { name: "Fire" }), { pointerId: 1 });
      press("p");
      expect(said()).toBe("Paused. Tap FIRE to resume.");
      expect(said()).not.toMatch(/Space/);

      coarse = false;
      act(() => {
        for (const fn of listeners) fn();
      });
      expect(said()).toBe("Paused. Press Space to resume.");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
