import { Button } from "#web/components/ui/button.tsx";
import { shortDate } from "#web/lib/format.ts";
import type { Autosave, AutosaveStatus } from "../hooks/use-autosave.ts";
import styles from "./editor.module.css";

/** "12:03" in the reader's zone. */
function clock(iso: string): string {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

export function statusText(status: AutosaveStatus): string {
  if (status.kind === "idle") return "";
  if (status.kind === "paused") return "Autosave is paused until you restore or discard the unsaved changes.";
  const at = clock(status.at);
  if (status.server === true) return `Draft saved ${at}`;
  if (!status.local)
    return status.server === "pending"
      ? "Saving draft…"
      : "Draft not saved: this browser cannot store it and the server did not answer. Keep this tab open.";
  return status.server === "pending"
    ? `Saved to this browser ${at} · saving to the server…`
    : `Saved to this browser ${at} · not yet to the server`;
}

/** The offer to bring back unsaved changes, and the autosave's status line. */
export function DraftRecovery({ autosave }: { autosave: Autosave }) {
  const { recovery, status } = autosave;
  const text = statusText(status);
  return (
    <>
      {recovery ? (
        <section className={styles.recovery} aria-labelledby="draft-recovery-title" data-testid="draft-recovery">
          <h2 id="draft-recovery-title">Restore unsaved changes</h2>
          <p>
            You have changes to this article that were not saved, from {shortDate(new Date(recovery.draft.savedAt))} at{" "}
            {clock(recovery.draft.savedAt)}.
          </p>
          {recovery.stale ? (
            <p className={styles.recoveryStale}>
              They were made to an older revision ({recovery.draft.baseRevision}); the article has been saved since (now revision{" "}
              {recovery.revision}). Restoring puts your text over the newer one: compare before you save. The newer text stays in Version
              History.
            </p>
          ) : null}
          <div className={styles.recoveryButtons}>
            <Button size="sm" onClick={autosave.restore}>
              Restore
            </Button>
            <Button size="sm" variant="outline" onClick={autosave.discard}>
              Discard
            </Button>
          </div>
        </section>
      ) : null}
      {text ? (
        <p className={styles.autosave} data-testid="autosave-status">
          {text}
        </p>
      ) : null}
    </>
  );
}
