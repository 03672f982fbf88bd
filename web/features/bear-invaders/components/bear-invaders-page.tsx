import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.tsx";
import styles from "./bear-invaders.module.css";
import { BearInvadersGame } from "./bear-invaders-game.tsx";

export function BearInvadersPage() {
  return (
    <div className={`container page ${styles.page}`}>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>Bear Invaders</h1>
          <p className="muted">A Coinsight easter egg: hold the line against the bear market.</p>
        </div>
        <Link to="/" className={buttonClass("outline", "sm")}>
          ← Back to home
        </Link>
      </div>
      <BearInvadersGame />
    </div>
  );
}
