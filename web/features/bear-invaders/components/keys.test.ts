import { describe, expect, it } from "vitest";
import { HIGH_SCORE_KEY, loadHighScore, saveHighScore } from "./high-score.ts";
import { keyAction } from "./keys.ts";

const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe("game keys", () => {
  it("maps the arrows, space, R and pause keys", () => {
    expect(keyAction(key("ArrowLeft"))).toBe("left");
    expect(keyAction(key("ArrowRight"))).toBe("right");
    expect(keyAction(key(" "))).toBe("fire");
    expect(keyAction(key("R"))).toBe("restart");
    expect(keyAction(key("r"))).toBe("restart");
    expect(keyAction(key("Escape"))).toBe("pause");
    expect(keyAction(key("ArrowDown"))).toBe("block");
    expect(keyAction(key("Tab"))).toBeNull();
  });

  it("leaves browser shortcuts alone", () => {
    expect(keyAction(key("r", { ctrlKey: true }))).toBeNull();
    expect(keyAction(key("r", { metaKey: true }))).toBeNull();
    expect(keyAction(key("ArrowLeft", { altKey: true }))).toBeNull();
  });
});

describe("stored high score", () => {
  const memory = (initial: Record<string, string> = {}) => {
    const data = new Map(Object.entries(initial));
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
  };

  it("round-trips through storage", () => {
    const storage = memory();
    expect(loadHighScore(storage)).toBe(0);
    saveHighScore(270, storage);
    expect(storage.data.get(HIGH_SCORE_KEY)).toBe("270");
    expect(loadHighScore(storage)).toBe(270);
  });

  it("reads junk as no record and survives blocked storage", () => {
    expect(loadHighScore(memory({ [HIGH_SCORE_KEY]: "lots" }))).toBe(0);
    expect(loadHighScore(memory({ [HIGH_SCORE_KEY]: "-40" }))).toBe(0);
    expect(loadHighScore(memory({ [HIGH_SCORE_KEY]: "1.5" }))).toBe(0);
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(loadHighScore(blocked)).toBe(0);
    expect(() => saveHighScore(10, blocked)).not.toThrow();
  });
});
