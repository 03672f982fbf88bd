import { type FormEvent, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { HttpError } from "#web/lib/api.ts";
import { fieldErrorsOf, invalidProps } from "#web/lib/field-errors.ts";
import { payInTestCheckout } from "../api/billing.ts";
import { payButtonLabel } from "../api/messages.ts";
import type { PaymentFormProps } from "./live-payment-form.tsx";
import styles from "./subscribe.module.css";

/**
 * The local stand-in for the Payment Element when the server has no Stripe key (never in
 * production). Paying makes the server send Stripe-format signed events to its own webhook.
 */
export function TestCheckout({ clientSecret, purchase, onBack, onPaid, onFailed }: PaymentFormProps) {
  const [decline, setDecline] = useState(false);
  const [busy, setBusy] = useState(false);
  // Why the last attempt failed: by the tick box when the server says it is about the outcome, else atop the form.
  const [failure, setFailure] = useState<{ outcome?: string; form?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure({});
    try {
      await payInTestCheckout(clientSecret, decline ? "decline" : "succeed");
      setBusy(false);
      onPaid();
    } catch (error) {
      setBusy(false);
      const message = error instanceof HttpError ? error.serverMessage || error.message : "The test payment could not be sent.";
      const outcome = fieldErrorsOf(error).outcome;
      setFailure(outcome ? { outcome } : { form: message });
      onFailed(message);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Test payment">
      {failure.form ? <Notice tone="error">{failure.form}</Notice> : null}
      <div className={styles.testBox}>
        <h3>Test payment: no card is charged</h3>
        <p>
          This server has no Stripe key, so this local checkout stands in for Stripe's payment form. Paying sends the same signed event
          Stripe would to this site's webhook.
        </p>
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={decline}
            onChange={(e) => {
              setDecline(e.target.checked);
              setFailure(({ outcome: _, ...rest }) => rest);
            }}
            {...invalidProps(failure.outcome, "test-outcome-error")}
          />
          Simulate a declined card
        </label>
        <FieldError id="test-outcome-error" message={failure.outcome} />
      </div>
      <div className={styles.buttons}>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back to Plans
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? "Processing..." : payButtonLabel(purchase)}
        </Button>
      </div>
    </form>
  );
}
