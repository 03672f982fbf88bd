import type { EditableArticle } from "#schema/contracts/editorial.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { clock, WARNING_TEXT, warningTitle } from "../lib/presence-text.ts";
import type { EditorForm } from "./editor-form.ts";
import styles from "./presence.module.css";
import { StaleNotice } from "./stale-notice.tsx";
import type { Presence } from "./use-presence.ts";

/**
 * Who else has the article open, live: each with since when and whether they are typing. A polite
 * live region, so an admin using a screen reader hears someone arrive or start editing. An admin
 * alone sees one quiet line; while the socket is down, nothing is claimed.
 */
export function PresenceStrip({ presence }: { presence: Pick<Presence, "live" | "others" | "me"> }) {
  const { live, others, me } = presence;
  return (
    <div className={styles.strip} role="status" data-testid="presence-strip">
      {!live ? null : others.length === 0 ? (
        <span className="muted">Only you are here.</span>
      ) : (
        <>
          <span className={styles.label}>Also here:</span>{" "}
          <ul className={styles.people}>
            {others.map((p) => (
              <li key={p.connection} className={p.editing ? styles.editing : styles.viewing}>
                <span className={styles.dot} aria-hidden="true" />
                <strong>{p.userId === me ? "You, in another tab" : p.name}</strong>{" "}
                <span className="muted">
                  {p.editing ? "editing" : "viewing"} since <time dateTime={p.since}>{clock(p.since)}</time>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * Everything presence adds to the editor: the strip, the question before a first edit while another
 * admin has the article, and the notice when the article changed underneath.
 */
export function PresencePanel({
  presence,
  saving,
  onLoad,
  onKeep,
}: {
  presence: Presence;
  saving: boolean;
  /** The new version loaded: the editor shows it (and its form, unless `onKeep` follows). */
  onLoad: (fresh: EditableArticle) => void;
  /** The form to show over it when the admin kept their text. */
  onKeep: (kept: EditorForm) => void;
}) {
  return (
    <>
      <PresenceStrip presence={presence} />
      <StaleNotice presence={presence} saving={saving} onLoad={onLoad} onKeep={onKeep} />
      {presence.asking ? (
        <ConfirmDialog title={warningTitle(presence.asking)} confirm="Edit anyway" onConfirm={presence.confirm} onClose={presence.cancel}>
          <p>{WARNING_TEXT}</p>
          <p className="muted">Cancel changes nothing; you can still read and copy.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
