import { useLocation } from "react-router";
import { Card } from "#web/components/ui/card.tsx";
import styles from "./newsletter.module.css";
import { NewsletterForm } from "./newsletter-form.tsx";

const PITCH = "The Daily Roundup in your inbox every morning: market moves, social sentiment and the coins trending now.";

/** The home page's sidebar box; the footer links to it there instead of showing a second form. */
export const NEWSLETTER_BOX_ID = "newsletter";
/** The footer's newsletter column (with its form on every page but home), for pages that point to it. */
export const FOOTER_NEWSLETTER_ID = "footer-newsletter-title";

/** The footer's newsletter column. On home, where the sidebar has the form, it points there. */
export function FooterNewsletter() {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby={FOOTER_NEWSLETTER_ID}>
      <h2 id={FOOTER_NEWSLETTER_ID} className={styles.footerTitle}>
        Newsletter
      </h2>
      <p className={styles.pitch}>{PITCH}</p>
      {pathname === "/" ? <a href={`#${NEWSLETTER_BOX_ID}`}>Sign up for the newsletter</a> : <NewsletterForm />}
    </section>
  );
}

/**
 * The newsletter box of the home page sidebar. Its landmark is named apart from the footer's
 * "Newsletter" column on the same page, so a landmark list tells the two apart.
 */
export function NewsletterBox() {
  return (
    <Card title="Newsletter" aria-label="Newsletter signup" id={NEWSLETTER_BOX_ID} tabIndex={-1}>
      <p className={styles.pitch}>{PITCH}</p>
      <NewsletterForm layout="stacked" />
    </Card>
  );
}
