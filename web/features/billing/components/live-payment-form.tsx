// Stripe.js and the Payment Element: this module is its own chunk, loaded only by /subscribe when
// the server sells through Stripe. The "pure" entry injects Stripe's script only when loadStripe runs.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { type FormEvent, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { useTheme } from "#web/lib/theme.ts";
import type { Purchase } from "../api/billing.ts";
import { payButtonLabel, successPath } from "../api/messages.ts";
import styles from "./subscribe.module.css";

export type PaymentFormProps = {
  clientSecret: string;
  purchase: Purchase;
  onBack: () => void;
  onPaid: () => void;
  onFailed: (message: string) => void;
};

const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

function Form({ purchase, onBack, onPaid, onFailed }: Omit<PaymentFormProps, "clientSecret">) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  // The Payment Element marks its own fields; a refusal that is not about one stays readable here after the toast.
  const [failed, setFailed] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setFailed(null);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${successPath(purchase)}` },
      // Cards finish here; redirect-based methods come back to the return URL.
      redirect: "if_required",
    });
    setBusy(false);
    if (error) {
      const message = error.message ?? "Your payment could not be completed.";
      setFailed(message);
      onFailed(message);
    } else onPaid();
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      {failed ? <Notice tone="error">{failed}</Notice> : null}
      <PaymentElement />
      <div className={styles.buttons}>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back to Plans
        </Button>
        <Button type="submit" disabled={!stripe || !elements || busy} aria-busy={busy}>
          {busy ? "Processing..." : payButtonLabel(purchase)}
        </Button>
      </div>
    </form>
  );
}

/** Stripe's Payment Element for the server's payment, confirmed in the browser. */
export default function LivePaymentForm({ publishableKey, clientSecret, ...rest }: PaymentFormProps & { publishableKey: string }) {
  const [theme] = useTheme();
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: theme === "dark" ? "night" : "stripe" } }}>
      <Form {...rest} />
    </Elements>
  );
}
