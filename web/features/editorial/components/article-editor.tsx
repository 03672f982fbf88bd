import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { type EditableArticle, HELD_ISSUE_PATH, type OverrideRequest } from "#schema/contracts/editorial.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { ErrorSummary, FieldError } from "#web/components/ui/field-error.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { LoadFailed } from "#web/components/ui/query-states.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { ARTICLES_TAB_HREF, serverMessage } from "#web/lib/admin-links.ts";
import { HttpError } from "#web/lib/api.ts";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { type FieldErrors, fieldErrorsOf, invalidProps, unplacedErrors } from "#web/lib/field-errors.ts";
import { editableQuery, editorKeys, moveToTrash, restoreVersion, saveArticle } from "../api/editor.ts";
import { useAutosave } from "../hooks/use-autosave.ts";
import { heldReasonsOf, reasonLines } from "../lib/held.ts";
import { ArticleMetaCard } from "./article-meta-card.tsx";
import { CheckPanel } from "./check-panel.tsx";
import { ContentField, type ContentMode } from "./content-field.tsx";
import { DraftRecovery } from "./draft-recovery.tsx";
import styles from "./editor.module.css";
import {
  type EditorForm,
  errorIdOf,
  FIELD_IDS,
  formOf,
  isDirty,
  metaBody,
  PLACED_FIELDS,
  type PlacedField,
  VALIDATION_TEXT,
  VALIDATION_TITLE,
} from "./editor-form.ts";
import { HeldConfirm } from "./held-confirm.tsx";
import { PresencePanel } from "./presence-strip.tsx";
import { PreviewButton } from "./preview-button.tsx";
import { PublishSettings } from "./publish-settings.tsx";
import { RestorePreview } from "./restore-preview.tsx";
import { ScheduleControl } from "./schedule-control.tsx";
import { TrashConfirm } from "./trash-confirm.tsx";
import { usePresence } from "./use-presence.ts";
import { type StoredVersion, VersionPanel } from "./version-panel.tsx";

/**
 * The loaded editor. Form state is local: a failed save (or a 409) leaves every typed character in place.
 * A refused save puts each of the server's field messages under its field and moves focus to the first;
 * messages about anything the form does not show go in the summary at the top.
 */
function EditorBody({ initial }: { initial: EditableArticle }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [article, setArticle] = useState(initial);
  const [form, setForm] = useState<EditorForm>(() => formOf(initial));
  const [conflict, setConflict] = useState<string | null>(null);
  const [showVersions, setShowVersions] = useState(false);
  const [previewing, setPreviewing] = useState<StoredVersion | null>(null);
  const [confirmTrash, setConfirmTrash] = useState(false);
  // A publish the claim check refused: its held reasons and what confirming them re-runs, until the editor decides.
  const [held, setHeld] = useState<{ reasons: string[]; confirm: (override: OverrideRequest) => void } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [contentMode, setContentMode] = useState<ContentMode>("visual");
  // A new object per refusal, so the same first field is focused again on the next one.
  const [focusTarget, setFocusTarget] = useState<{ field: PlacedField | null } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const autosave = useAutosave(article, form, setForm);
  const set = <K extends keyof EditorForm>(key: K, value: EditorForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (key in e ? Object.fromEntries(Object.entries(e).filter(([path]) => path !== key)) : e));
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    if (next.content) setContentMode("html");
    setFocusTarget({ field: PLACED_FIELDS.find((f) => next[f]) ?? null });
  };

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.field) document.getElementById(FIELD_IDS[focusTarget.field])?.focus();
    else summaryRef.current?.focus();
  }, [focusTarget]);

  const fieldProps = (field: PlacedField) => invalidProps(errors[field], errorIdOf(field));
  const summary = unplacedErrors(errors, PLACED_FIELDS);

  const applySaved = (saved: EditableArticle) => {
    setArticle(saved);
    setForm(formOf(saved));
    setConflict(null);
    setErrors({});
    client.setQueryData(editorKeys.article(saved.id), saved);
    void client.invalidateQueries({ queryKey: editorKeys.versions(saved.id) });
    void client.invalidateQueries({ queryKey: ["admin", "articles"] });
  };

  const body = (f: EditorForm, revision: number, override?: OverrideRequest) => ({
    title: f.title,
    excerpt: f.excerpt,
    content: f.content,
    imageUrl: f.imageUrl,
    categoryId: Number.parseInt(f.categoryId, 10),
    isPublished: f.isPublished,
    ...(f.authorNotes.trim() ? { authorNotes: f.authorNotes } : {}),
    ...metaBody(f),
    revision,
    ...(override ? { override } : {}),
  });

  const onSaveError = (error: unknown) => {
    // Held sentences are not a failure to report: the editor is asked whether to publish over them.
    const reasons = heldReasonsOf(error);
    if (reasons) {
      setHeld({ reasons, confirm: (override) => save.mutate(override) });
      return;
    }
    setHeld(null);
    const { [HELD_ISSUE_PATH]: _held, ...fields } = fieldErrorsOf(error);
    if (Object.keys(fields).length) showErrors(fields);
    if (error instanceof HttpError && error.status === 409) setConflict(serverMessage(error, "This article was changed by someone else."));
    toast({ title: "Failed to update article", description: serverMessage(error, ""), variant: "destructive" });
  };

  const save = useMutation({
    mutationFn: (override?: OverrideRequest) => saveArticle(article.id, body(form, article.revision, override)),
    onSuccess: (saved) => {
      setHeld(null);
      applySaved(saved.article);
      toast({ title: "Success", description: "Article updated successfully" });
    },
    onError: onSaveError,
  });

  const restore = useMutation({
    // The prompt promises the current changes are kept: unsaved edits are saved first, then the version comes back.
    // A confirmed override goes with both calls: each is checked against the reasons that hold it.
    mutationFn: async ({ version, override }: { version: StoredVersion; override?: OverrideRequest }) => {
      let revision = article.revision;
      if (isDirty(form, article)) {
        const saved = await saveArticle(article.id, body(form, revision, override));
        applySaved(saved.article);
        revision = saved.article.revision;
      }
      return restoreVersion(article.id, version.id, revision, override);
    },
    onSuccess: (saved, { version }) => {
      setHeld(null);
      applySaved(saved.article);
      setPreviewing(null);
      toast({ title: "Success", description: `Version ${version.versionNumber} restored` });
    },
    onError: (error, { version }) => {
      const reasons = heldReasonsOf(error);
      if (reasons) {
        setHeld({ reasons, confirm: (override) => restore.mutate({ version, override }) });
        return;
      }
      setHeld(null);
      // The unsaved edits are saved first: their refusal is about these fields too.
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) showErrors(fields);
      if (error instanceof HttpError && error.status === 409)
        setConflict(serverMessage(error, "This article was changed by someone else."));
      setPreviewing(null);
      toast({ title: "Failed to restore version", description: serverMessage(error, ""), variant: "destructive" });
    },
  });

  const trash = useMutation({
    mutationFn: () => moveToTrash(article.id),
    onSuccess: () => {
      toast({ title: "Success", description: "Article moved to trash" });
      void client.invalidateQueries({ queryKey: ["admin", "articles"] });
      navigate(ARTICLES_TAB_HREF);
    },
    onError: (error) => {
      setConfirmTrash(false);
      toast({ title: "Failed to delete article", description: serverMessage(error, ""), variant: "destructive" });
    },
  });

  const onSave = () => {
    if (!form.title.trim() || !form.content.trim()) {
      toast({ title: VALIDATION_TITLE, description: VALIDATION_TEXT, variant: "destructive" });
      showErrors({
        ...(form.title.trim() ? {} : { title: VALIDATION_TEXT }),
        ...(form.content.trim() ? {} : { content: VALIDATION_TEXT }),
      });
      return;
    }
    save.mutate(undefined);
  };

  const reload = async () => {
    const fresh = await client.fetchQuery({ ...editableQuery(article.id), staleTime: 0 });
    applySaved(fresh);
  };

  const busy = save.isPending || restore.isPending || trash.isPending;
  const presence = usePresence(article, form);
  // An article without a stored check (written by hand, or before checks were stored) shows its review reason.
  const reviewLines = reasonLines(article.status === "review" && !article.check ? article.reviewReason : null);

  return (
    <div className={styles.layout} ref={presence.gate}>
      <div className={styles.mainColumn}>
        <PresencePanel presence={presence} saving={busy} onLoad={applySaved} onKeep={setForm} />
        {conflict ? (
          <Notice tone="error">
            <strong>Not saved: </strong>
            {conflict}{" "}
            <Button size="sm" variant="outline" onClick={() => void reload()}>
              Load the latest version (discards your edits)
            </Button>
          </Notice>
        ) : null}
        <ErrorSummary ref={summaryRef} id="editor-summary" lines={summary} />
        {reviewLines.length ? (
          <div className={styles.held} role="note" aria-label="Held for review">
            <strong>Held for review: the grounding check found these figures wrong.</strong>
            <ul>
              {reviewLines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <CheckPanel check={article.check} override={article.override} />
        <DraftRecovery autosave={autosave} />
        <Card aria-label="Article">
          <div className={styles.field}>
            <label className={styles.label} htmlFor="editor-title">
              Title
            </label>
            <input
              id="editor-title"
              className="input"
              value={form.title}
              maxLength={300}
              onChange={(e) => set("title", e.target.value)}
              {...fieldProps("title")}
            />
            <FieldError id={errorIdOf("title")} message={errors.title} />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="editor-excerpt">
              Excerpt
            </label>
            <textarea
              id="editor-excerpt"
              className={`input ${styles.textarea}`}
              rows={3}
              value={form.excerpt}
              onChange={(e) => set("excerpt", e.target.value)}
              {...fieldProps("excerpt")}
            />
            <FieldError id={errorIdOf("excerpt")} message={errors.excerpt} />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="editor-image">
              Featured Image URL
            </label>
            <input
              id="editor-image"
              className="input"
              type="text"
              inputMode="url"
              placeholder="https://… or /images/…"
              value={form.imageUrl}
              onChange={(e) => set("imageUrl", e.target.value)}
              {...fieldProps("imageUrl")}
            />
            <FieldError id={errorIdOf("imageUrl")} message={errors.imageUrl} />
          </div>
          <ContentField
            value={form.content}
            onChange={(v) => set("content", v)}
            mode={contentMode}
            onMode={setContentMode}
            error={errors.content}
          />
          {article.convertedFromMarkdown ? (
            <p className={styles.note}>Written in Markdown by the newsroom: shown here as HTML, and stored as HTML from your first save.</p>
          ) : null}
          <div className={styles.field}>
            <label className={styles.label} htmlFor="editor-notes">
              Version Notes
            </label>
            <textarea
              id="editor-notes"
              className={`input ${styles.textarea}`}
              rows={3}
              placeholder="What changed and why (optional)"
              value={form.authorNotes}
              onChange={(e) => set("authorNotes", e.target.value)}
              {...fieldProps("authorNotes")}
            />
            <FieldError id={errorIdOf("authorNotes")} message={errors.authorNotes} />
          </div>
        </Card>
        <ArticleMetaCard form={form} savedSlug={article.slug} errors={errors} onChange={set} />
      </div>
      <div className={styles.side}>
        <PublishSettings
          categoryId={form.categoryId}
          categoryError={errors.categoryId}
          isPublished={form.isPublished}
          cryptoSymbol={article.cryptoSymbol}
          onCategory={(v) => set("categoryId", v)}
          onTogglePublished={() => set("isPublished", !form.isPublished)}
        />
        <ScheduleControl articleId={article.id} published={article.status === "published"} />
        <div className={styles.buttons}>
          <Button variant="outline" aria-expanded={showVersions} onClick={() => setShowVersions((v) => !v)}>
            Version History
          </Button>
          <Button disabled={busy} onClick={onSave}>
            {save.isPending ? "Saving…" : "Save Changes"}
          </Button>
          <PreviewButton articleId={article.id} form={form} onErrors={showErrors} />
        </div>
        {showVersions ? (
          <VersionPanel
            articleId={article.id}
            restoring={restore.isPending}
            onClose={() => setShowVersions(false)}
            onPick={setPreviewing}
          />
        ) : null}
        <section className={styles.danger} aria-labelledby="editor-trash-title">
          <h2 id="editor-trash-title">Remove from the site</h2>
          <p>Moves the article to the trash, where it can be restored.</p>
          <Button variant="danger" size="sm" disabled={busy} onClick={() => setConfirmTrash(true)}>
            Move to Trash
          </Button>
        </section>
        {previewing ? (
          <RestorePreview
            articleId={article.id}
            version={previewing}
            current={form}
            restoring={restore.isPending}
            onRestore={() => restore.mutate({ version: previewing })}
            onClose={() => setPreviewing(null)}
          />
        ) : null}
        {held ? (
          <HeldConfirm
            reasons={held.reasons}
            busy={save.isPending || restore.isPending}
            onConfirm={() => held.confirm({ reasons: held.reasons })}
            onClose={() => setHeld(null)}
          />
        ) : null}
        {confirmTrash ? (
          <TrashConfirm
            title={article.title}
            busy={trash.isPending}
            onConfirm={() => trash.mutate()}
            onClose={() => setConfirmTrash(false)}
          />
        ) : null}
      </div>
    </div>
  );
}

/** /admin/articles/{id}/edit (assistant-plans-admin.md §2). */
export function ArticleEditor({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0;
  const { data, isLoading, isError, error, refetch } = useQuery({ ...editableQuery(id), enabled: valid });
  useDocumentTitle(data ? `Edit: ${data.title}` : null);
  const notFound = !valid || (error instanceof HttpError && error.status === 404);
  return (
    <div className="container page">
      <Link className="btn btn-ghost btn-sm" to={ARTICLES_TAB_HREF}>
        ← Back to Admin
      </Link>
      <h1 className="page-title">Article Editor</h1>
      {notFound ? (
        <Notice tone="error">This article does not exist or is in the trash.</Notice>
      ) : isLoading ? (
        <div className={styles.loading} role="status" aria-busy="true">
          <span className={styles.spinner} aria-hidden="true" />
          Loading article...
        </div>
      ) : isError || !data ? (
        <LoadFailed what="the article" onRetry={() => void refetch()} />
      ) : (
        <EditorBody key={data.id} initial={data} />
      )}
    </div>
  );
}
