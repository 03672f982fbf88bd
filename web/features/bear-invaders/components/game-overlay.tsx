import { Button } from "#web/components/ui/button.tsx";
import { LEVELS, TIME_LIMIT_MS } from "../game/constants.ts";
import styles from "./bear-invaders.module.css";
import type { GameView } from "./use-bear-invaders.ts";

/** `prompt` names the keys; `touchPrompt` says the same for the on-screen buttons of a touch screen. */
type Screen = { title: string; lines: string[]; prompt: string; touchPrompt: string; action: string };

const ENDINGS = {
  lives: "The bears took all your lives.",
  invaded: "The bears broke through your line.",
  time: `The ${TIME_LIMIT_MS / 60_000}-minute clock ran out.`,
} as const;

/** The words of each non-playing screen; null while playing. */
export function overlayScreen(view: GameView): Screen | null {
  const result = `Final score: ${view.score}${view.newHighScore ? " · New high score!" : ""}`;
  switch (view.status) {
    case "playing":
      return null;
    case "ready":
      return {
        title: "Bear Invaders",
        lines: [`The bears are coming for the market. Clear ${LEVELS} waves before the ${TIME_LIMIT_MS / 60_000}-minute clock runs out.`],
        prompt: "Press Space to start",
        touchPrompt: "Tap FIRE to start",
        action: "Start game",
      };
    case "paused":
      return { title: "Paused", lines: [], prompt: "Press Space to resume", touchPrompt: "Tap FIRE to resume", action: "Resume" };
    case "victory":
      return {
        title: "Victory!",
        lines: [`You drove the bears back through all ${LEVELS} levels.`, result],
        prompt: "Press R to restart",
        touchPrompt: "Tap Play again to restart",
        action: "Play again",
      };
    case "over":
      return {
        title: view.overReason === "time" ? "Time's Up!" : "Game Over",
        lines: [ENDINGS[view.overReason ?? "lives"], result],
        prompt: "Press R to restart",
        touchPrompt: "Tap Play again to restart",
        action: "Play again",
      };
  }
}

export function GameOverlay({ view, onAction }: { view: GameView; onAction: () => void }) {
  const screen = overlayScreen(view);
  if (!screen) return null;
  return (
    <div className={styles.overlay} data-testid="game-overlay" data-status={view.status}>
      <div className={styles.overlayCard}>
        <h2 className={styles.overlayTitle}>{screen.title}</h2>
        {screen.lines.map((line) => (
          <p key={line} className={view.status === "ready" ? `${styles.overlayLine} ${styles.intro}` : styles.overlayLine}>
            {line}
          </p>
        ))}
        {/* Which line shows is the stylesheet's call: a touch screen (or a narrow one) has the buttons, not the keys. */}
        <p className={`${styles.prompt} ${styles.keysOnly}`}>{screen.prompt}</p>
        <p className={`${styles.prompt} ${styles.touchOnly}`}>{screen.touchPrompt}</p>
        <Button size="sm" onClick={onAction}>
          {screen.action}
        </Button>
      </div>
    </div>
  );
}
