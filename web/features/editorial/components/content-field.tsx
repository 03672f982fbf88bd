import { useMemo } from "react";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Tabs } from "#web/components/ui/tabs.tsx";
import { invalidProps } from "#web/lib/field-errors.ts";
import { sanitizeArticleHtml } from "#web/lib/safe-html.ts";
import styles from "./editor.module.css";
import { errorIdOf, VISUAL_NOTE } from "./editor-form.ts";

export type ContentMode = "visual" | "html";
const MODES = [
  { key: "visual", label: "Visual" },
  { key: "html", label: "HTML" },
] as const;

/**
 * Content in two modes: Visual (a read-only, sanitised preview) and HTML (the 20-row text area that edits it).
 * The editor holds the mode so that a refused content can open the HTML mode, where it can be fixed.
 */
export function ContentField({
  value,
  onChange,
  mode,
  onMode,
  error,
}: {
  value: string;
  onChange: (next: string) => void;
  mode: ContentMode;
  onMode: (next: ContentMode) => void;
  error: string | undefined;
}) {
  const preview = useMemo(
    // The reader's allowlist: the preview shows what readers will see, and never a form or a button.
    () => (mode === "visual" ? sanitizeArticleHtml(value) : ""),
    [mode, value],
  );
  return (
    <div className={styles.field}>
      <div className={styles.contentHead}>
        <span className={styles.label} id="editor-content-label">
          Content
        </span>
        <Tabs items={MODES} value={mode} onChange={onMode} label="Content mode" idPrefix="editor-content" />
      </div>
      <div id="editor-content-panel" role="tabpanel" aria-labelledby={`editor-content-tab-${mode}`}>
        {mode === "visual" ? (
          <>
            <p className={styles.note}>{VISUAL_NOTE}</p>
            {/* Sanitised above with the reader's allowlist (and stored sanitised by the server). */}
            <section
              className={styles.preview}
              aria-labelledby="editor-content-label"
              data-testid="visual-preview"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with the reader's allowlist above
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          </>
        ) : (
          <textarea
            id="editor-content"
            className={`input ${styles.textarea} ${styles.code}`}
            aria-labelledby="editor-content-label"
            rows={20}
            spellCheck={false}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            {...invalidProps(error, errorIdOf("content"))}
          />
        )}
      </div>
      <FieldError id={errorIdOf("content")} message={error} />
    </div>
  );
}
