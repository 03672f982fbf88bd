import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { type AlertKind, alertKinds, KIND_RULES } from "#schema/contracts/alert-rules.ts";
import type { CreateAlertBody } from "#schema/contracts/alerts.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { HttpError } from "#web/lib/api.ts";
import { fieldErrorsOf, invalidProps } from "#web/lib/field-errors.ts";
import { messageOf, useCreateAlert, watchedCoinsQuery } from "../api/alerts.ts";
import styles from "./alerts.module.css";

const UNIT_LABEL = { usd: "Price (USD)", percent: "Move (%)", points: "Points (0-100)" } as const;

/** What the field holds, as sent: a number when it reads as one, the text itself otherwise (the server names the problem). */
function thresholdOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const n = Number(trimmed.replace(/[$,%\s]/g, ""));
  return Number.isFinite(n) ? n : trimmed;
}

/**
 * Adds an alert. With `coin`, on that coin (the coin page); without, on any coin the member names,
 * their watched coins offered as suggestions. What the member typed stays when the server refuses it.
 */
export function AlertForm({ coin, pricePlaceholder }: { coin?: { symbol: string; name: string }; pricePlaceholder?: string }) {
  const id = useId();
  const [symbol, setSymbol] = useState("");
  const [kind, setKind] = useState<AlertKind>("price_above");
  const [threshold, setThreshold] = useState("");
  const create = useCreateAlert();
  const coins = useQuery(watchedCoinsQuery(!coin));
  const unit = KIND_RULES[kind].unit;
  const fields = fieldErrorsOf(create.error);
  const planLimit = create.error instanceof HttpError && create.error.status === 402;
  const formError =
    create.error && !fields.symbol && !fields.threshold && !fields.kind
      ? messageOf(create.error, "Could not add the alert. Please try again.")
      : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = { symbol: coin?.symbol ?? symbol.trim(), kind, threshold: unit ? thresholdOf(threshold) : undefined } as CreateAlertBody;
    create.mutate(body, { onSuccess: () => setThreshold("") });
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className={styles.formTitle}>
        {coin ? `New alert on ${coin.name}` : "New alert"}
      </h3>
      <div className={styles.fields}>
        {coin ? null : (
          <div className={styles.field}>
            <label htmlFor={`${id}-symbol`}>Coin</label>
            <input
              id={`${id}-symbol`}
              className="input"
              list={`${id}-coins`}
              value={symbol}
              onChange={(e) => setSymbol(e.target.value)}
              placeholder="BTC"
              autoComplete="off"
              {...invalidProps(fields.symbol, `${id}-symbol-error`)}
            />
            <datalist id={`${id}-coins`}>
              {(coins.data ?? []).map((c) => (
                <option key={c.symbol} value={c.symbol}>
                  {c.name}
                </option>
              ))}
            </datalist>
            <FieldError id={`${id}-symbol-error`} message={fields.symbol} />
          </div>
        )}
        <div className={styles.field}>
          <label htmlFor={`${id}-kind`}>Alert me when</label>
          <select id={`${id}-kind`} className="input" value={kind} onChange={(e) => setKind(e.target.value as AlertKind)}>
            {alertKinds.map((k) => (
              <option key={k} value={k}>
                {KIND_RULES[k].label}
              </option>
            ))}
          </select>
        </div>
        {unit ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-threshold`}>{UNIT_LABEL[unit]}</label>
            <input
              id={`${id}-threshold`}
              className="input"
              inputMode="decimal"
              value={threshold}
              onChange={(e) => setThreshold(e.target.value)}
              placeholder={unit === "usd" ? (pricePlaceholder ?? "70000") : unit === "percent" ? "5" : "10"}
              {...invalidProps(fields.threshold, `${id}-threshold-error`)}
            />
            <FieldError id={`${id}-threshold-error`} message={fields.threshold} />
          </div>
        ) : null}
        <Button type="submit" disabled={create.isPending} className={styles.submit}>
          {create.isPending ? "Adding..." : "Add alert"}
        </Button>
      </div>
      {formError ? (
        <p className="field-error" role="alert">
          {formError} {planLimit ? <Link to="/subscribe">See plans</Link> : null}
        </p>
      ) : null}
    </form>
  );
}
