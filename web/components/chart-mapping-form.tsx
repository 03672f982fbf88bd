import { type FormEvent, useId, useState } from "react";
import type { MappingBody } from "#schema/contracts/charts.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { buildChartSymbol, EXCHANGE_LABELS, EXCHANGES, QUOTES, rankHint } from "#web/lib/chart-mapping.ts";
import { invalidProps } from "#web/lib/field-errors.ts";

export type MappingCoin = { symbol: string; name: string; rank: number };

type Exchange = (typeof EXCHANGES)[number];

const OVERRIDE_HINT = "Letters, digits and _ only.";
type Quote = (typeof QUOTES)[number];

/** Splits a saved "EXCHANGE:BASEQUOTE" back into the form's fields, where it fits them. */
function initialFields(symbol: string, saved: string | null | undefined): { exchange: Exchange; override: string; quote: Quote } {
  const [exchange = "", pair = ""] = (saved ?? "").split(":");
  const base = symbol.toUpperCase();
  const quote = (pair.startsWith(base) ? QUOTES.find((q) => pair === `${base}${q}`) : undefined) ?? "USDT";
  const known = EXCHANGES.find((e) => e === exchange);
  return { exchange: known ?? "BINANCE", override: exchange && !known ? exchange : "", quote };
}

/**
 * The per-coin mapping form (assistant-plans-admin.md §5): exchange, quote, optional overrides, a live preview of the chart
 * symbol and the rank's exchange hint. What was typed stays in the form when a save fails.
 */
export function ChartMappingForm({
  coin,
  saved,
  hidden = false,
  onSubmit,
  submitLabel = "Save mapping",
}: {
  coin: MappingCoin;
  saved?: string | null;
  hidden?: boolean;
  onSubmit: (body: MappingBody) => Promise<unknown>;
  submitLabel?: string;
}) {
  const id = useId();
  const initial = initialFields(coin.symbol, saved);
  const [exchange, setExchange] = useState<Exchange>(initial.exchange);
  const [quote, setQuote] = useState<Quote>(initial.quote);
  const [override, setOverride] = useState(initial.override);
  const [nameOverride, setNameOverride] = useState("");
  const [isHidden, setHidden] = useState(hidden);
  const [pending, setPending] = useState(false);
  const preview = buildChartSymbol({ exchange, exchangeOverride: override, symbol: coin.symbol, quote });
  const overrideValid = override.trim() === "" || /^[A-Za-z0-9_]{1,20}$/.test(override.trim());

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!overrideValid) return;
    setPending(true);
    try {
      // assistant-plans-admin.md §5: the coin name override defaults to the coin's own name when empty.
      await onSubmit({
        symbol: coin.symbol.toUpperCase(),
        coinName: nameOverride.trim() || coin.name,
        tradingViewSymbol: preview,
        isHidden,
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="stack" style={{ gap: 10 }} aria-label={`Chart mapping for ${coin.name}`}>
      <div style={{ display: "grid", gap: 10, gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))" }}>
        <div className="stack" style={{ gap: 4 }}>
          <label htmlFor={`${id}-exchange`}>Exchange</label>
          <select id={`${id}-exchange`} className="input" value={exchange} onChange={(e) => setExchange(e.target.value as Exchange)}>
            {EXCHANGES.map((x) => (
              <option key={x} value={x}>
                {EXCHANGE_LABELS[x]}
              </option>
            ))}
          </select>
        </div>
        <div className="stack" style={{ gap: 4 }}>
          <label htmlFor={`${id}-quote`}>Quote</label>
          <select id={`${id}-quote`} className="input" value={quote} onChange={(e) => setQuote(e.target.value as Quote)}>
            {QUOTES.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </div>
        <div className="stack" style={{ gap: 4 }}>
          <label htmlFor={`${id}-override`}>Exchange override</label>
          <input
            id={`${id}-override`}
            className="input"
            value={override}
            placeholder="e.g. GATEIO"
            onChange={(e) => setOverride(e.target.value)}
            {...invalidProps(overrideValid ? undefined : OVERRIDE_HINT, `${id}-override-error`)}
          />
          <FieldError id={`${id}-override-error`} message={overrideValid ? undefined : OVERRIDE_HINT} />
        </div>
        <div className="stack" style={{ gap: 4 }}>
          <label htmlFor={`${id}-name`}>Coin name override</label>
          <input
            id={`${id}-name`}
            className="input"
            value={nameOverride}
            placeholder={coin.name}
            onChange={(e) => setNameOverride(e.target.value)}
          />
        </div>
      </div>
      <p style={{ margin: 0 }}>
        Chart symbol: <code data-testid="chart-symbol-preview">{preview}</code>
      </p>
      <p className="muted" style={{ margin: 0 }} data-testid="rank-hint">
        Rank #{coin.rank}: try {rankHint(coin.rank)}
      </p>
      <label style={{ display: "flex", gap: 8, alignItems: "center" }}>
        <input type="checkbox" checked={isHidden} onChange={(e) => setHidden(e.target.checked)} />
        Hide this coin's chart from readers
      </label>
      <div>
        <Button type="submit" size="sm" disabled={pending || !overrideValid}>
          {pending ? "Saving..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}
