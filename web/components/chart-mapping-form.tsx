import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { MappingBody } from "#schema/contracts/charts.ts";
import { Button } from "#web/components/ui/button.tsx";
import { ErrorSummary, FieldError } from "#web/components/ui/field-error.tsx";
import { buildChartSymbol, EXCHANGE_LABELS, EXCHANGES, QUOTES, rankHint, type SaveResult } from "#web/lib/chart-mapping.ts";
import { type FieldErrors, invalidProps, unplacedErrors } from "#web/lib/field-errors.ts";

export type MappingCoin = { symbol: string; name: string; rank: number };

type Exchange = (typeof EXCHANGES)[number];

const OVERRIDE_HINT = "Letters, digits and _ only.";
type Quote = (typeof QUOTES)[number];

/**
 * The body fields the form shows a server message by, in the order focus looks for the first one. The
 * chart symbol is made of the exchange, the quote and the override: its message sits under the preview,
 * and those three controls are marked and described by it; focus goes to the first, the exchange.
 */
const PLACED = ["tradingViewSymbol", "coinName", "isHidden"] as const;
type Placed = (typeof PLACED)[number];
const FOCUS_SUFFIX: Record<Placed, string> = { tradingViewSymbol: "exchange", coinName: "name", isHidden: "hidden" };

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
 * symbol and the rank's exchange hint. What was typed stays in the form when a save fails. A save the
 * server refuses (`outcome: "refused"`) puts each message by its field and moves focus to the first;
 * messages about anything the form has no field for go in the "Not saved" summary at the top.
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
  onSubmit: (body: MappingBody) => Promise<SaveResult | undefined>;
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
  const [errors, setErrors] = useState<FieldErrors>({});
  // A new object per refusal, so the same first field is focused again on the next one.
  const [focusTarget, setFocusTarget] = useState<{ field: Placed | null } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const preview = buildChartSymbol({ exchange, exchangeOverride: override, symbol: coin.symbol, quote });
  const overrideValid = override.trim() === "" || /^[A-Za-z0-9_]{1,20}$/.test(override.trim());
  const summary = unplacedErrors(errors, PLACED);
  const symbolErrorId = `${id}-symbol-error`;
  const symbolProps = invalidProps(errors.tradingViewSymbol, symbolErrorId);

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.field) document.getElementById(`${id}-${FOCUS_SUFFIX[focusTarget.field]}`)?.focus();
    else summaryRef.current?.focus();
  }, [focusTarget, id]);

  /** A change to a field drops the messages about it (the symbol's, for any part of the symbol). */
  const clear = (...paths: string[]) =>
    setErrors((e) => (paths.some((p) => p in e) ? Object.fromEntries(Object.entries(e).filter(([p]) => !paths.includes(p))) : e));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!overrideValid) return;
    setPending(true);
    try {
      // assistant-plans-admin.md §5: the coin name override defaults to the coin's own name when empty.
      const result = await onSubmit({
        symbol: coin.symbol.toUpperCase(),
        coinName: nameOverride.trim() || coin.name,
        tradingViewSymbol: preview,
        isHidden,
      });
      const refused = result?.outcome === "refused" ? result.fields : {};
      setErrors(refused);
      if (Object.keys(refused).length) setFocusTarget({ field: PLACED.find((f) => refused[f]) ?? null });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="stack" style={{ gap: 10 }} aria-label={`Chart mapping for ${coin.name}`}>
      <ErrorSummary ref={summaryRef} id={`${id}-summary`} lines={summary} />
      <div style={{ display: "grid", gap: 10, gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))" }}>
        <div className="stack" style={{ gap: 4 }}>
          <label htmlFor={`${id}-exchange`}>Exchange</label>
          <select
            id={`${id}-exchange`}
            className="input"
            value={exchange}
            onChange={(e) => {
              setExchange(e.target.value as Exchange);
              clear("tradingViewSymbol");
            }}
            {...symbolProps}
          >
            {EXCHANGES.map((x) => (
              <option key={x} value={x}>
                {EXCHANGE_LABELS[x]}
              </option>
            ))}
          </select>
        </div>
        <div className="stack" style={{ gap: 4 }}>
          <label htmlFor={`${id}-quote`}>Quote</label>
          <select
            id={`${id}-quote`}
            className="input"
            value={quote}
            onChange={(e) => {
              setQuote(e.target.value as Quote);
              clear("tradingViewSymbol");
            }}
            {...symbolProps}
          >
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
            onChange={(e) => {
              setOverride(e.target.value);
              clear("tradingViewSymbol");
            }}
            {...(overrideValid ? symbolProps : invalidProps(OVERRIDE_HINT, `${id}-override-error`))}
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
            onChange={(e) => {
              setNameOverride(e.target.value);
              clear("coinName");
            }}
            {...invalidProps(errors.coinName, `${id}-name-error`)}
          />
          <FieldError id={`${id}-name-error`} message={errors.coinName} />
        </div>
      </div>
      <p style={{ margin: 0 }}>
        Chart symbol: <code data-testid="chart-symbol-preview">{preview}</code>
      </p>
      <FieldError id={symbolErrorId} message={errors.tradingViewSymbol} />
      <p className="muted" style={{ margin: 0 }} data-testid="rank-hint">
        Rank #{coin.rank}: try {rankHint(coin.rank)}
      </p>
      <div>
        <label style={{ display: "flex", gap: 8, alignItems: "center" }}>
          <input
            id={`${id}-hidden`}
            type="checkbox"
            checked={isHidden}
            onChange={(e) => {
              setHidden(e.target.checked);
              clear("isHidden");
            }}
            {...invalidProps(errors.isHidden, `${id}-hidden-error`)}
          />
          Hide this coin's chart from readers
        </label>
        <FieldError id={`${id}-hidden-error`} message={errors.isHidden} />
      </div>
      <div>
        <Button type="submit" size="sm" disabled={pending || !overrideValid}>
          {pending ? "Saving..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}
