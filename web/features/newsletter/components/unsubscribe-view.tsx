import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { HttpError } from "#web/lib/api.ts";
import { SUPPORT_EMAIL } from "#web/lib/site.ts";
import { unsubscribe } from "../api/newsletter.ts";
import styles from "./newsletter.module.css";
import { FOOTER_NEWSLETTER_ID } from "./newsletter-signup.tsx";

export const UNSUBSCRIBE_TITLES = {
  invalid: "Invalid Link",
  ask: "Unsubscribe from the newsletter?",
  processing: "Unsubscribing...",
  failed: "Unsubscribe Failed",
  success: "Unsubscribed Successfully",
} as const;

type Tone = "ok" | "error" | "busy";
const ICONS: Record<Tone, { className: string | undefined; glyph: string }> = {
  ok: { className: styles.iconOk, glyph: "✓" },
  error: { className: styles.iconError, glyph: "!" },
  busy: { className: styles.iconBusy, glyph: "…" },
};

function State({ tone, title, children }: { tone: Tone; title: string; children: ReactNode }) {
  const icon = ICONS[tone];
  return (
    <Card as="section" className={styles.state} aria-labelledby="unsubscribe-title">
      <div className={`${styles.icon} ${icon.className}`} aria-hidden="true">
        {icon.glyph}
      </div>
      <h1 id="unsubscribe-title">{title}</h1>
      {children}
    </Card>
  );
}

function HomeLink() {
  return (
    <Link to="/" className={buttonClass("outline")}>
      Back to the home page
    </Link>
  );
}

/**
 * /unsubscribe?token=: invalid link (no token), a question with one button (mail scanners open
 * this page too, so nothing happens on load), processing, failed, or success (public-site.md §2).
 */
export function UnsubscribeView() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  if (!token) {
    return (
      <State tone="error" title={UNSUBSCRIBE_TITLES.invalid}>
        <p>
          This unsubscribe link is incomplete: it has no token. Please use the unsubscribe link at the bottom of one of our newsletter
          emails.
        </p>
        <div className={styles.actions}>
          <HomeLink />
        </div>
      </State>
    );
  }
  return <Unsubscribe token={token} />;
}

function Unsubscribe({ token }: { token: string }) {
  const { mutate, data, error, isIdle, isPending } = useMutation({ mutationFn: () => unsubscribe(token) });

  if (isIdle) {
    return (
      <State tone="busy" title={UNSUBSCRIBE_TITLES.ask}>
        <p>Press the button to stop receiving the Coinsight newsletter. Your address is erased from our list at once.</p>
        <div className={styles.actions}>
          <Button onClick={() => mutate()}>Unsubscribe</Button>
          <HomeLink />
        </div>
      </State>
    );
  }

  if (isPending) {
    return (
      <State tone="busy" title={UNSUBSCRIBE_TITLES.processing}>
        <p role="status">Processing your request, one moment.</p>
      </State>
    );
  }

  if (error) {
    // A link we do not know, or one that has expired (410), will not start working; anything else
    // (network, server) is worth retrying. The server's message says which it is.
    const unknownLink = error instanceof HttpError && [400, 404, 410].includes(error.status);
    return (
      <State tone="error" title={UNSUBSCRIBE_TITLES.failed}>
        <p role="alert">
          {unknownLink
            ? ((error as HttpError).serverMessage ?? "This unsubscribe link is invalid.")
            : "We could not reach our servers to process your request. Please try again in a moment."}
        </p>
        <p className="muted">
          Still getting emails you don't want? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will remove your
          address.
        </p>
        <div className={styles.actions}>
          {unknownLink ? null : <Button onClick={() => mutate()}>Try again</Button>}
          <HomeLink />
        </div>
      </State>
    );
  }

  if (!data) return null;
  return (
    <State tone="ok" title={UNSUBSCRIBE_TITLES.success}>
      <p role="status">
        {data.email ? (
          <>
            <strong>{data.email}</strong> will no longer receive the Coinsight newsletter.
          </>
        ) : (
          data.message
        )}
      </p>
      <p className="muted">
        {/* It points to the form this page has (the footer's; home has its form in the sidebar instead). */}
        We have erased your address from our list. Changed your mind? You can subscribe again at any time with{" "}
        <a href={`#${FOOTER_NEWSLETTER_ID}`}>the newsletter form at the bottom of this page</a>.
      </p>
      <div className={styles.actions}>
        <HomeLink />
      </div>
    </State>
  );
}
