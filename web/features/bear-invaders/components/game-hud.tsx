import { LEVELS } from "../game/constants.ts";
import styles from "./bear-invaders.module.css";
import type { GameView } from "./use-bear-invaders.ts";

export function formatClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Score, best, lives, level and clock as page text: legible at any canvas scale, and readable by tests. */
export function GameHud({ view }: { view: GameView }) {
  const items = [
    { label: "Score", value: String(view.score), id: "score" },
    { label: "High score", value: String(view.highScore), id: "high-score" },
    { label: "Lives", value: String(view.lives), id: "lives", alert: view.lives <= 1 },
    { label: "Level", value: `${view.level}/${LEVELS}`, id: "level" },
    { label: "Time", value: formatClock(view.secondsLeft), id: "time", alert: view.secondsLeft <= 30 },
  ];
  return (
    <dl className={styles.hud}>
      {items.map((item) => (
        <div key={item.id} className={styles.hudItem}>
          <dt>{item.label}</dt>
          <dd data-testid={`hud-${item.id}`} className={item.alert ? styles.alert : undefined}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
