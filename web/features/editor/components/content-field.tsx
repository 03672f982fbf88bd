import DOMPurify from "dompurify";
import { useMemo, useState } from "react";
import { Tabs } from "#web/components/ui/tabs.tsx";
import styles from "./editor.module.css";
import { VISUAL_NOTE } from "./editor-form.ts";

type Mode = "visual" | "html";
const MODES = [
  { key: "visual", label: "Visual" },
  { key: "html", label: "HTML" },
] as const;

/** Content in two modes: Visual (a read-only, sanitised preview) and HTML (the 20-row text area that edits it). */
export function ContentField({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const [mode, setMode] = useState<Mode>("visual");
  const preview = useMemo(
    () => (mode === "visual" ? DOMPurify.sanitize(value, { USE_PROFILES: { html: true }, FORBID_ATTR: ["style"] }) : ""),
    [mode, value],
  );
  return (
    <div className={styles.field}>
      <div className={styles.contentHead}>
        <span className={styles.label} id="editor-content-label">
          Content
        </span>
        <Tabs items={MODES} value={mode} onChange={setMode} label="Content mode" idPrefix="editor-content" />
      </div>
      <div id="editor-content-panel" role="tabpanel" aria-labelledby={`editor-content-tab-${mode}`}>
        {mode === "visual" ? (
          <>
            <p className={styles.note}>{VISUAL_NOTE}</p>
            {/* Sanitised by DOMPurify above (and stored sanitised by the server). */}
            <section
              className={styles.preview}
              aria-labelledby="editor-content-label"
              data-testid="visual-preview"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify on the line above
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
          />
        )}
      </div>
    </div>
  );
}
