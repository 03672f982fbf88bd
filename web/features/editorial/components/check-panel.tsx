import type { ClaimCheck, HeldOverride } from "#schema/contracts/editorial.ts";
import { utcDateTime } from "#web/lib/format.ts";
import styles from "./editor.module.css";
import { ReadingsList } from "./readings-list.tsx";

/** Who published over held sentences, when, and what they overrode: the record the desk keeps. */
export function OverrideRecord({ override, className }: { override: HeldOverride; className?: string }) {
  return (
    <div className={className} role="note" aria-label="Published over held sentences">
      <p>
        <strong>Published over held sentences</strong> by {override.email ?? override.userId} on {utcDateTime(override.at)}.
      </p>
      <details>
        <summary>Reasons overridden ({override.reasons.length})</summary>
        <ul>
          {override.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** The claim check's last result for an AI-written article, shown after every save (and on opening). */
export function CheckPanel({ check, override }: { check: ClaimCheck | null; override: HeldOverride | null }) {
  if (!check) return null;
  const when = `${utcDateTime(check.checkedAt)}, ${check.by === "editor" ? "on save" : "when the newsroom wrote it"}`;
  return (
    <div className={check.ok ? styles.checkOk : styles.held} role="status" aria-label="Claim check">
      {check.ok ? (
        <p>
          <strong>Claim check: passed.</strong> Every sentence agrees with the data it was written from ({when}).
        </p>
      ) : (
        <>
          <p>
            <strong>
              Claim check: {check.reasons.length} held {check.reasons.length === 1 ? "reason" : "reasons"}
            </strong>{" "}
            ({when}). Fix the sentences, or publish anyway with an override.
          </p>
          <ul>
            {check.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      )}
      {check.readings?.length ? <ReadingsList readings={check.readings} /> : null}
      {override ? <OverrideRecord override={override} /> : null}
    </div>
  );
}
