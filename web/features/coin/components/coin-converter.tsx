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

/** The coins a price is also given in (BTC and ETH), as the page holds them live; absent until loaded. */
export type References = { btc?: Crypto; eth?: Crypto };

type Currency = { code: string; perCoin: number; text: (amount: number) => string };

/** What the coin converts to: dollars, and BTC and ETH once their prices are known (never the coin itself). */
export function currencies(coin: Crypto, refs: References): Currency[] {
  const usd: Currency = { code: "USD", perCoin: coin.priceUsd, text: (amount) => formatPrice(amount).slice(1) };
  const others = [refs.btc, refs.eth].flatMap((ref): Currency[] =>
    ref && ref.symbol !== coin.symbol && ref.priceUsd > 0
      ? [{ code: ref.symbol, perCoin: coin.priceUsd / ref.priceUsd, text: formatUnits }]
      : [],
  );
  return [usd, ...others];
}

type Typed = { side: "coin" | "other"; text: string };

/**
 * The coin ↔ USD, BTC or ETH at the prices on the page. The reader types in either box; the other shows
 * the conversion at the price's own precision, and follows the prices as they move.
 */
export function CoinConverter({ coin, refs = {} }: { coin: Crypto; refs?: References }) {
  const id = useId();
  const [typed, setTyped] = useState<Typed>({ side: "coin", text: "1" });
  const options = currencies(coin, refs);
  const [code, setCode] = useState("USD");
  const currency = options.find((c) => c.code === code) ?? (options[0] as Currency);
  const rate = currency.perCoin;
  const amount = parseAmount(typed.text);
  const converted = amount == null || !(rate > 0) ? "" : typed.side === "coin" ? currency.text(amount * rate) : formatUnits(amount / rate);
  // The other box is named by the currency it holds, which the select in its label's place can change.
  const input = (side: Typed["side"], label?: string) => (
    <input
      id={`${id}-${side}`}
      className="input num"
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      value={typed.side === side ? typed.text : converted}
      aria-invalid={typed.side === side && typed.text !== "" && amount == null}
      onChange={(e) => setTyped({ side, text: e.target.value })}
    />
  );
  const rateText = currency.code === "USD" ? coin.price : `${formatUnits(rate)} ${currency.code}`;
  return (
    <Card title={`${coin.symbol} Converter`} aria-label={`${coin.symbol} Converter`}>
      <div className={styles.converter}>
        <div className={styles.convertField}>
          <label htmlFor={`${id}-coin`}>{coin.symbol}</label>
          {input("coin")}
        </div>
        <span aria-hidden="true" className={styles.convertArrow}>
          ⇅
        </span>
        <div className={styles.convertField}>
          {options.length > 1 ? (
            <select
              className={`input ${styles.convertCurrency}`}
              aria-label="Convert to"
              value={currency.code}
              onChange={(e) => setCode(e.target.value)}
            >
              {options.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code}
                </option>
              ))}
            </select>
          ) : (
            <span aria-hidden="true">USD</span>
          )}
          {input("other", currency.code)}
        </div>
      </div>
      <p className={styles.hint} aria-live="polite">
        {amount == null && typed.text !== "" ? "Type a number, e.g. 1.5" : `At ${rateText} per ${coin.symbol}`}
      </p>
    </Card>
  );
}
