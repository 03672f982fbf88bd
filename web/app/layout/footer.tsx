import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSiteStatus } from "#web/components/site-status.ts";
import { longDay } from "#web/lib/format.ts";
import { SUPPORT_EMAIL } from "#web/lib/site.ts";
import styles from "./footer.module.css";
import { mainNav } from "./nav-items.ts";

export { SUPPORT_EMAIL };
export const SOCIAL_LINKS = [
  { label: "Coinsight on X", href: "https://x.com/coinsightnews" },
  { label: "Coinsight on YouTube", href: "https://www.youtube.com/@coinsightnews" },
] as const;

/** The app footer. `newsletter` is the signup form, provided by the newsletter feature. */
export function Footer({ newsletter }: { newsletter?: ReactNode }) {
  const year = new Date().getFullYear();
  const { data: status } = useSiteStatus();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div>
          <p className={styles.heading}>Coinsight</p>
          <p>
            Crypto news and market data for everyone. Our analysis is driven by social sentiment data, with a published momentum score
            identifying trending coins.
          </p>
        </div>
        <nav aria-label="Footer">
          <p className={styles.heading}>Explore</p>
          <ul className={styles.list}>
            {mainNav.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/subscribe">Subscribe</Link>
            </li>
          </ul>
        </nav>
        <div>
          <p className={styles.heading}>Follow us</p>
          <ul className={styles.list}>
            {SOCIAL_LINKS.map((s) => (
              <li key={s.href}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>{newsletter}</div>
      </div>
      <div className="container">
        <div className={styles.bottom}>
          <span>© {year} Coinsight. All rights reserved.</span>
          <nav className={styles.legal} aria-label="Legal">
            <Link to="/privacy">Privacy Policy</Link>
            <Link to="/terms">Terms of Service</Link>
            <Link to="/cookies">Cookie Policy</Link>
            <a href={`mailto:${SUPPORT_EMAIL}`}>Support</a>
          </nav>
        </div>
        <p className={styles.attribution}>
          Market data provided by{" "}
          <a href="https://www.coingecko.com" target="_blank" rel="noopener noreferrer">
            CoinGecko
          </a>
          .
          {status?.demo && status.demoDataFrom
            ? ` Offline demo: CoinGecko figures recorded on ${longDay(status.demoDataFrom)}, replayed; later price moves and all social figures are modelled.`
            : ""}{" "}
          Nothing here is financial advice.
        </p>
      </div>
    </footer>
  );
}
