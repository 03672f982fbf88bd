import { useId, useState } from "react";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { Button } from "#web/components/ui/button.tsx";
import { ModalDialog } from "#web/components/ui/modal-dialog.tsx";
import { goToLogin, useAuth } from "#web/lib/auth.ts";
import styles from "./alerts.module.css";
import { AlertsPanel } from "./alerts-panel.tsx";
import { BellIcon } from "./bell-icon.tsx";

/** The coin page's Alerts button, beside the watchlist toggle: this coin's alerts in a dialog; guests go to sign-in. */
export function CoinAlertsButton({ coin }: { coin: Pick<Crypto, "symbol" | "name" | "price"> }) {
  const { isAuthenticated, isLoading } = useAuth();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!isAuthenticated) {
    return (
      <Button variant="outline" disabled={isLoading} onClick={() => goToLogin()} title="Login to set alerts">
        <BellIcon size={18} /> Alerts
      </Button>
    );
  }
  return (
    <>
      <Button variant="outline" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <BellIcon size={18} /> Alerts
      </Button>
      {open ? (
        <ModalDialog labelledBy={`${id}-title`} onClose={() => setOpen(false)} className={styles.dialog}>
          <Button variant="ghost" size="sm" className={styles.close} onClick={() => setOpen(false)}>
            Close
          </Button>
          <AlertsPanel coin={coin} headingId={`${id}-title`} />
        </ModalDialog>
      ) : null}
    </>
  );
}
