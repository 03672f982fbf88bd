import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { HttpError } from "#web/lib/api.ts";
import { subscribeToNewsletter } from "../api/newsletter.ts";
import { NEWSLETTER_TEXT as T } from "../messages.ts";
import styles from "./newsletter.module.css";

function fail(description: string) {
  toast({ title: T.errorTitle, description, variant: "destructive" });
}

/** The reason a signup failed, as the spec words it: the server's message, else a generic one. */
export function failureMessage(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage || T.serverFailed;
  return T.networkFailed; // no answer, or an answer that was not JSON
}

/**
 * Newsletter signup: email plus the consent tick. The browser's own validation is off (`noValidate`)
 * so that the checks and messages are always the product's toasts; what the reader typed stays in
 * the form after any failure.
 */
export function NewsletterForm({ layout = "inline" }: { layout?: "inline" | "stacked" }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const signup = useMutation({ mutationFn: subscribeToNewsletter });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (signup.isPending) return;
    const address = email.trim();
    if (!address) return fail(T.emailRequired);
    if (!consent) return fail(T.consentRequired);
    try {
      const result = await signup.mutateAsync(address);
      if (!result.success) return fail(result.message || T.serverFailed);
      toast({ title: T.successTitle, description: T.success });
      setEmail("");
      setConsent(false);
    } catch (error) {
      fail(failureMessage(error));
    }
  }

  // Stacked (narrow box): email, consent, then the button, in reading order. Inline: the button sits by the input.
  const stacked = layout === "stacked";
  const submitButton = (
    <button type="submit" className={buttonClass("primary", "md", styles.submit)} disabled={signup.isPending}>
      {signup.isPending ? T.submitting : T.submit}
    </button>
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.row}>
        <label htmlFor={`${id}-email`} className="visually-hidden">
          Email address
        </label>
        <input
          id={`${id}-email`}
          className={`input ${styles.email}`}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="Enter your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {stacked ? null : submitButton}
      </div>
      <label className={styles.consent} htmlFor={`${id}-consent`}>
        <input id={`${id}-consent`} type="checkbox" name="consent" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        <span>{T.consentLabel}</span>
      </label>
      {stacked ? submitButton : null}
      <p className={styles.fineprint}>
        One email a day, unsubscribe with one click. See our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </form>
  );
}
