import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { EMAIL_INVALID, EMAIL_REQUIRED, EMAIL_TOO_LONG } from "#schema/contracts/newsletter-messages.ts";
import { buttonClass } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { HttpError } from "#web/lib/api.ts";
import { fieldErrorsOf, invalidProps } from "#web/lib/field-errors.ts";
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

const ADDRESS_MESSAGES: readonly string[] = [EMAIL_REQUIRED, EMAIL_INVALID, EMAIL_TOO_LONG];

type Errors = { email?: string; consent?: string };

/**
 * Newsletter signup: email plus the consent tick. The browser's own validation is off (`noValidate`)
 * so that the checks and messages are always the product's: the spec's toast, and the same message
 * next to the field it is about. What the reader typed stays in the form after any failure. The
 * signup is double opt-in, so success asks the reader to confirm from their inbox.
 */
export function NewsletterForm({ layout = "inline" }: { layout?: "inline" | "stacked" }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signup = useMutation({ mutationFn: subscribeToNewsletter });

  function refuse(next: Errors, message: string) {
    setErrors(next);
    fail(message);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (signup.isPending) return;
    const address = email.trim();
    if (!address) return refuse({ email: T.emailRequired }, T.emailRequired);
    // The server's own rule, loaded on the first submit so the home page does not carry the validator.
    const { newsletterEmail } = await import("#schema/contracts/newsletter.ts");
    const parsed = newsletterEmail.safeParse(address);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? EMAIL_INVALID;
      return refuse({ email: message }, message);
    }
    if (!consent) return refuse({ consent: T.consentRequired }, T.consentRequired);
    setErrors({});
    try {
      const result = await signup.mutateAsync(address);
      if (!result.success) {
        const message = result.message || T.serverFailed;
        return refuse(ADDRESS_MESSAGES.includes(message) ? { email: message } : {}, message);
      }
      toast({ title: T.successTitle, description: T.success });
      setSentTo(address);
      setEmail("");
      setConsent(false);
    } catch (error) {
      const field = fieldErrorsOf(error).email;
      refuse(field ? { email: field } : {}, failureMessage(error));
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
      <div>
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
            onChange={(e) => {
              setEmail(e.target.value);
              setSentTo(null);
              if (errors.email) setErrors(({ email: _, ...rest }) => rest);
            }}
            {...invalidProps(errors.email, `${id}-email-error`)}
          />
          {stacked ? null : submitButton}
        </div>
        <FieldError id={`${id}-email-error`} message={errors.email} />
      </div>
      <div>
        <label className={styles.consent} htmlFor={`${id}-consent`}>
          <input
            id={`${id}-consent`}
            type="checkbox"
            name="consent"
            checked={consent}
            onChange={(e) => {
              setConsent(e.target.checked);
              if (e.target.checked) setErrors(({ consent: _, ...rest }) => rest);
            }}
            {...invalidProps(errors.consent, `${id}-consent-error`)}
          />
          <span>{T.consentLabel}</span>
        </label>
        <FieldError id={`${id}-consent-error`} message={errors.consent} className={styles.consentError} />
      </div>
      {stacked ? submitButton : null}
      {sentTo ? <p className={styles.sent}>{T.sentTo(sentTo)}</p> : null}
      <p className={styles.fineprint}>
        One email a day, unsubscribe with one click. See our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </form>
  );
}
