import { useId, useState } from "react";
import type { AdminTag } from "#schema/contracts/admin-tags.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { invalidProps } from "#web/lib/field-errors.ts";
import styles from "./tags.module.css";

const count = (n: number) => (n === 1 ? "1 article" : `${n} articles`);

/** Merge asks which tag to merge into, and says what moves: nothing is chosen for the editor. */
export function MergeDialog({
  tag,
  others,
  busy,
  refusal,
  onConfirm,
  onClose,
}: {
  tag: AdminTag;
  others: readonly AdminTag[];
  busy: boolean;
  /** The server's refusal of the last try, shown under the select. */
  refusal?: string;
  onConfirm: (into: AdminTag) => void;
  onClose: () => void;
}) {
  const selectId = useId();
  const errorId = useId();
  const [intoId, setIntoId] = useState("");
  const [missing, setMissing] = useState(false);
  const into = others.find((t) => String(t.id) === intoId);
  const message = missing ? "Choose the tag to merge into." : refusal;
  return (
    <ConfirmDialog
      title={`Merge “${tag.name}” into another tag?`}
      confirm="Merge tags"
      busyLabel="Merging…"
      busy={busy}
      variant="danger"
      className={styles.dialog}
      onConfirm={() => {
        if (!into) return setMissing(true);
        onConfirm(into);
      }}
      onClose={onClose}
    >
      <label htmlFor={selectId} className={styles.label}>
        Merge into
      </label>
      <select
        id={selectId}
        className="input"
        value={intoId}
        onChange={(e) => {
          setIntoId(e.target.value);
          setMissing(false);
        }}
        {...invalidProps(message, errorId)}
      >
        <option value="">Choose a tag…</option>
        {others.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} ({count(t.articles)})
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={message} />
      <p>
        {count(tag.articles)} will carry {into ? `“${into.name}”` : "the other tag"} instead, and /tag/{tag.slug} will lead to its page. “
        {tag.name}” is then gone.
      </p>
    </ConfirmDialog>
  );
}

/** Delete asks first, and says what goes with the tag. */
export function DeleteDialog({
  tag,
  busy,
  onConfirm,
  onClose,
}: {
  tag: AdminTag;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Delete “${tag.name}”?`}
      confirm="Delete tag"
      busyLabel="Deleting…"
      busy={busy}
      variant="danger"
      className={styles.dialog}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        It is taken off {count(tag.articles)}. Its page, /tag/{tag.slug}, and any earlier address of it stop working. The articles
        themselves stay as they are.
      </p>
    </ConfirmDialog>
  );
}
