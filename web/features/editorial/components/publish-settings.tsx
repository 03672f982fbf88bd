import { useQuery } from "@tanstack/react-query";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { invalidProps } from "#web/lib/field-errors.ts";
import { categoriesQuery } from "../api/editor.ts";
import styles from "./editor.module.css";
import { errorIdOf } from "./editor-form.ts";

/** Category, Published/Draft with its toggle (saved with the article), and the read-only coin symbol. */
export function PublishSettings({
  categoryId,
  isPublished,
  categoryError,
  cryptoSymbol,
  onCategory,
  onTogglePublished,
}: {
  categoryId: string;
  /** The server's message about the category, shown under its select. */
  categoryError?: string;
  isPublished: boolean;
  cryptoSymbol: string | null;
  onCategory: (id: string) => void;
  onTogglePublished: () => void;
}) {
  const categories = useQuery(categoriesQuery());
  return (
    <Card title="Publish Settings" aria-label="Publish Settings">
      <div className={styles.field}>
        <label className={styles.label} htmlFor="editor-category">
          Category
        </label>
        <select
          id="editor-category"
          className="input"
          value={categoryId}
          onChange={(e) => {
            // An empty value is never chosen (assistant-plans-admin.md §5).
            if (e.target.value) onCategory(e.target.value);
          }}
          {...invalidProps(categoryError, errorIdOf("categoryId"))}
        >
          {categories.data ? null : <option value={categoryId}>{categories.isError ? "Categories unavailable" : "Loading…"}</option>}
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldError id={errorIdOf("categoryId")} message={categoryError} />
      </div>
      <div className={styles.publishRow}>
        <span className={isPublished ? "badge badge-green" : "badge"} data-testid="publish-state">
          {isPublished ? "Published" : "Draft"}
        </span>
        <Button size="sm" variant="outline" onClick={onTogglePublished} data-edits>
          {isPublished ? "Unpublish" : "Publish"}
        </Button>
      </div>
      <p className={styles.note}>Publication changes when you save.</p>
      {cryptoSymbol ? (
        <div className={styles.field}>
          <span className={styles.label}>Crypto Symbol</span>
          <span className="badge badge-brand" data-testid="crypto-symbol">
            {cryptoSymbol}
          </span>
        </div>
      ) : null}
    </Card>
  );
}
