import type { CryptoRow } from "#schema/contracts/crypto.ts";
import { MOVERS_MIN_VOLUME_USD, MOVERS_RULE, tradesEnough } from "#schema/contracts/movers.ts";
import styles from "./markets.module.css";

/** The movers rule, stated where the movers are listed and where the Top 500 is sorted by 24 h change. */
export function MoversRule({ sorted = false }: { sorted?: boolean }) {
  return (
    <p className={`${styles.rule} muted`} data-testid="movers-rule">
      {sorted ? "Sorted by 24-hour change. Top Gainers and Top Losers list the same coins in this order, by one rule: " : null}
      {MOVERS_RULE}
    </p>
  );
}

/**
 * What the rule says of one coin: left out of the movers when its recorded volume is under the floor,
 * shown with a mark when its volume is not recorded.
 */
export function moversMark(coin: CryptoRow) {
  if (coin.volume24h == null) {
    return (
      <span className={styles.mark} data-testid="mover-mark">
        volume not recorded
      </span>
    );
  }
  if (tradesEnough(coin)) return null;
  return (
    <span className={styles.mark} data-testid="mover-mark">
      traded under ${MOVERS_MIN_VOLUME_USD / 1_000}K: not in Top Gainers/Losers
    </span>
  );
}
