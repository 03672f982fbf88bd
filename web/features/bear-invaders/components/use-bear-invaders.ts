import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { HEIGHT, WIDTH } from "../game/constants.ts";
import { step } from "../game/engine.ts";
import { createGame, type GameState, type Input, isNewHighScore, NO_INPUT, type OverReason, pause, type Status } from "../game/state.ts";
import { drawGame } from "./draw.ts";
import { loadHighScore, saveHighScore } from "./high-score.ts";
import { type Palette, readPalette } from "./palette.ts";

/** What React renders around the canvas; it changes a few times a second at most. */
export type GameView = {
  status: Status;
  overReason: OverReason | null;
  score: number;
  highScore: number;
  newHighScore: boolean;
  lives: number;
  level: number;
  secondsLeft: number;
};

function toView(s: GameState): GameView {
  return {
    status: s.status,
    overReason: s.overReason,
    score: s.score,
    highScore: s.highScore,
    newHighScore: isNewHighScore(s),
    lives: s.lives,
    level: s.level,
    secondsLeft: Math.ceil(s.timeLeftMs / 1000),
  };
}

const sameView = (a: GameView, b: GameView) => (Object.keys(a) as (keyof GameView)[]).every((k) => a[k] === b[k]);

/** A frame longer than this (a stalled tab) is played as this long, so nothing jumps. */
const MAX_FRAME_MS = 100;

/**
 * Runs the game: the pure state lives in a ref and advances once per animation frame; the canvas
 * is repainted only when the state or the theme changed, and React re-renders only when the HUD does.
 */
export function useBearInvaders(canvasRef: RefObject<HTMLCanvasElement | null>, styleRef: RefObject<HTMLElement | null>) {
  const [initial] = useState(() => createGame({ seed: Math.floor(Math.random() * 2 ** 32), highScore: loadHighScore() }));
  const stateRef = useRef(initial);
  const inputRef = useRef<Input>({ ...NO_INPUT });
  const [view, setView] = useState(() => toView(initial));
  const viewRef = useRef(view);
  const savedHighScore = useRef(initial.highScore);
  const paletteRef = useRef<Palette | null>(null);
  const dirty = useRef(true);

  const update = useCallback((change: (s: GameState) => GameState) => {
    const next = change(stateRef.current);
    if (next === stateRef.current) return;
    stateRef.current = next;
    dirty.current = true;
    const nextView = toView(next);
    if (!sameView(nextView, viewRef.current)) {
      viewRef.current = nextView;
      setView(nextView);
    }
    // Saved as soon as it is beaten, so closing the tab mid-game keeps the record.
    if (next.highScore > savedHighScore.current) {
      savedHighScore.current = next.highScore;
      saveHighScore(next.highScore);
    }
  }, []);

  const releaseKeys = useCallback(() => {
    inputRef.current = { ...NO_INPUT };
  }, []);

  const suspend = useCallback(() => {
    releaseKeys();
    update(pause);
  }, [releaseKeys, update]);

  // Repaint in the other palette when the theme (the class on <html>) changes.
  useEffect(() => {
    const refresh = () => {
      if (styleRef.current) paletteRef.current = readPalette(styleRef.current);
      dirty.current = true;
    };
    refresh();
    const observer = new MutationObserver(refresh);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, [styleRef]);

  useEffect(() => {
    let raf = 0;
    let last: number | null = null;
    let scale = 0;
    const frame = (now: number) => {
      const dt = last === null ? 0 : Math.min(now - last, MAX_FRAME_MS);
      last = now;
      update((s) => step(s, inputRef.current, dt));
      const canvas = canvasRef.current;
      // Sharp on high-density screens: the backing store follows the pixel ratio (capped at 2).
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
      if (canvas && ratio !== scale) {
        scale = ratio;
        canvas.width = WIDTH * ratio;
        canvas.height = HEIGHT * ratio;
        dirty.current = true;
      }
      const ctx = dirty.current ? canvas?.getContext("2d") : null;
      if (ctx && paletteRef.current) {
        drawGame(ctx, stateRef.current, paletteRef.current, scale);
        dirty.current = false;
      }
      raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [canvasRef, update]);

  // public-site.md: the game pauses while its tab is hidden.
  useEffect(() => {
    const onVisibility = () => {
      if (document.hidden) suspend();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [suspend]);

  const current = useCallback(() => stateRef.current, []);
  return { view, input: inputRef, update, suspend, releaseKeys, current };
}
