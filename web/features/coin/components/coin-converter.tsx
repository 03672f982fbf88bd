import { useId, useState } from "react";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { formatPrice, formatUnits } from "#schema/contracts/format.ts";
import { Card } from "#web/components/ui/card.tsx";
import styles from "./coin.module.css";

/** "1,234.5" or "1234,5 " as typed, as a number; null when it is not one. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s,_]/g, "");
  if (!/^\d*\.?\d+$|^\d+\.$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

type Typed = { side: "coin" | "usd"; text: string };

/**
 * USD ↔ coin at the price on the page. The reader types in either box; the other shows the
 * conversion at the price's own precision, and follows the price as it refreshes.
 */
export function CoinConverter({ coin }: { coin: Crypto }) {
  const id = useId();
  const [typed, setTyped] = useState<Typed>({ side: "coin", text: "1" });
  const price = coin.priceUsd;
  const amount = parseAmount(typed.text);
  const converted =
    amount == null || !(price > 0) ? "" : typed.side === "coin" ? formatPrice(amount * price).slice(1) : formatUnits(amount / price);
  const field = (side: Typed["side"], label: string) => (
    <div className={styles.convertField}>
      <label htmlFor={`${id}-${side}`}>{label}</label>
      <input
        id={`${id}-${side}`}
        className="input num"
        inputMode="decimal"
        autoComplete="off"
        value={typed.side === side ? typed.text : converted}
        aria-invalid={typed.side === side && typed.text !== "" && amount == null}
        onChange={(e) => setTyped({ side, text: e.target.value })}
      />
    </div>
  );
  return (
    <Card title={`${coin.symbol} to USD Converter`} aria-label={`${coin.symbol} to USD Converter`}>
      <div className={styles.converter}>
        {field("coin", coin.symbol)}
        <span aria-hidden="true" className={styles.convertArrow}>
          ⇅
        </span>
        {field("usd", "USD")}
      </div>
      <p className={styles.hint} aria-live="polite">
        {amount == null && typed.text !== "" ? "Type a number, e.g. 1.5" : `At ${coin.price} per ${coin.symbol}`}
      </p>
    </Card>
  );
}
