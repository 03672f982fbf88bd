import { describe, expect, it } from "vitest";
import { overlayScreen } from "./game-overlay.tsx";
import type { GameView } from "./use-bear-invaders.ts";

const view = (over: Partial<GameView>): GameView => ({
  status: "playing",
  overReason: null,
  score: 120,
  highScore: 300,
  newHighScore: false,
  lives: 2,
  level: 2,
  secondsLeft: 61,
  ...over,
});

describe("overlay screens", () => {
  it("shows nothing while playing", () => {
    expect(overlayScreen(view({}))).toBeNull();
  });

  it("starts and resumes with Space", () => {
    expect(overlayScreen(view({ status: "ready" }))?.prompt).toBe("Press Space to start");
    expect(overlayScreen(view({ status: "paused" }))).toMatchObject({ title: "Paused", prompt: "Press Space to resume" });
  });

  it("says the same with the on-screen buttons for a touch screen", () => {
    expect(overlayScreen(view({ status: "ready" }))?.touchPrompt).toBe("Tap FIRE to start");
    expect(overlayScreen(view({ status: "paused" }))?.touchPrompt).toBe("Tap FIRE to resume");
    expect(overlayScreen(view({ status: "over", overReason: "lives" }))?.touchPrompt).toBe("Tap Play again to restart");
  });

  it("names each ending and offers R", () => {
    expect(overlayScreen(view({ status: "over", overReason: "time" }))).toMatchObject({
      title: "Time's Up!",
      prompt: "Press R to restart",
    });
    expect(overlayScreen(view({ status: "over", overReason: "lives" }))?.title).toBe("Game Over");
    expect(overlayScreen(view({ status: "over", overReason: "invaded" }))?.lines[0]).toBe("The bears broke through your line.");
    const won = overlayScreen(view({ status: "victory", score: 3000, newHighScore: true }));
    expect(won).toMatchObject({ title: "Victory!", prompt: "Press R to restart" });
    expect(won?.lines).toContain("Final score: 3000 · New high score!");
  });
});
