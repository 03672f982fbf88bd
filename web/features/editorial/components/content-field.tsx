import { Component, lazy, type ReactNode, Suspense, useDeferredValue, useMemo } from "react";
import { countWords, readTimeMinutes } from "#schema/contracts/read-time.ts";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Tabs } from "#web/components/ui/tabs.tsx";
import { invalidProps } from "#web/lib/field-errors.ts";
import { sanitizeArticleHtml } from "#web/lib/safe-html.ts";
import styles from "./editor.module.css";
import { errorIdOf } from "./editor-form.ts";
import visual from "./visual-editor.module.css";

export type ContentMode = "visual" | "html";
const MODES = [
  { key: "visual", label: "Visual" },
  { key: "html", label: "HTML" },
] as const;

// The editor library loads with the Visual tab only: no other page carries it (visual-editor.md).
const VisualEditor = lazy(() => import("./visual-editor.tsx"));

/** A chunk that failed to load (a deploy replaced it, the network dropped) leaves the HTML tab to work in. */
class VisualFallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <p className={styles.note}>The visual editor did not load. Use the HTML tab, or reload the page.</p>;
    return this.props.children;
  }
}

/** "1,234 words · 7 min read", by the rule the site stores with the article, on the HTML it would store. */
export function WordCount({ html }: { html: string }) {
  // Counted after the keystroke has been drawn: typing never waits for the count.
  const deferred = useDeferredValue(html);
  const clean = useMemo(() => sanitizeArticleHtml(deferred), [deferred]);
  const words = countWords(clean);
  return (
    <p className={visual.counts} data-testid="word-count">
      {words.toLocaleString("en-US")} {words === 1 ? "word" : "words"} · {readTimeMinutes(clean)} min read
    </p>
  );
}

/**
 * Content in two modes over the form's one `content`: Visual (TipTap, on the allowlist's schema) and
 * HTML (the 20-row text area). The editor holds the mode so that a refused content can open the HTML
 * mode, where it can be fixed.
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
          <VisualFallback>
            <Suspense
              fallback={
                <p className={visual.loading} role="status">
                  Loading the visual editor…
                </p>
              }
            >
              <VisualEditor value={value} onChange={onChange} />
            </Suspense>
          </VisualFallback>
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
      <WordCount html={value} />
      <FieldError id={errorIdOf("content")} message={error} />
    </div>
  );
}
