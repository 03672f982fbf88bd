import { Card } from "#web/components/ui/card.tsx";
import styles from "./newsletter.module.css";
import { NewsletterForm } from "./newsletter-form.tsx";

const PITCH = "The Daily Roundup in your inbox every morning: market moves, social sentiment and the coins trending now.";

/** The footer's newsletter column. */
export function FooterNewsletter() {
  return (
    <section aria-labelledby="footer-newsletter-title">
      <h2 id="footer-newsletter-title" className={styles.footerTitle}>
        Newsletter
      </h2>
      <p className={styles.pitch}>{PITCH}</p>
      <NewsletterForm />
    </section>
  );
}

/** The newsletter box of the home page sidebar. */
export function NewsletterBox() {
  return (
    <Card title="Newsletter" aria-label="Newsletter">
      <p className={styles.pitch}>{PITCH}</p>
      <NewsletterForm layout="stacked" />
    </Card>
  );
}
