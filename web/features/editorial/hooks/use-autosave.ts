import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ArticleDraft } from "#schema/contracts/article-draft.ts";
import type { EditableArticle } from "#schema/contracts/editorial.ts";
import { useAuth } from "#web/lib/auth.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { deleteServerDraft, putServerDraft, serverDraftQuery } from "../api/drafts.ts";
import { type EditorForm, formOfDraft, isDirty } from "../components/editor-form.ts";
import { clearLocalDraft, readLocalDraft, writeLocalDraft } from "../lib/local-draft.ts";

/** How long the form must rest before it is autosaved. */
export const AUTOSAVE_DELAY_MS = 2000;

export type AutosaveStatus =
  | { kind: "idle" }
  /** A draft from before waits for Restore or Discard: nothing is written over it meanwhile. */
  | { kind: "paused" }
  | { kind: "saved"; at: string; local: boolean; server: boolean | "pending" };

export type Recovery = { draft: ArticleDraft; stale: boolean; revision: number };

export type Autosave = {
  recovery: Recovery | null;
  status: AutosaveStatus;
  restore: () => void;
  discard: () => void;
};

/** A draft worth offering: it says something the stored article does not. */
const differs = (form: EditorForm, article: EditableArticle) => isDirty(form, article) || form.authorNotes.trim() !== "";

/**
 * Autosave and recovery of the open form (docs/decisions/editorial/autosave-and-recovery.md). When the
 * form rests for AUTOSAVE_DELAY_MS it goes to this browser first, then to the server as this admin's
 * draft (not a version). On opening, the newer of the two copies is offered back when it differs from
 * the stored article. A save (or anything else that loads a new revision into the form) clears both.
 */
export function useAutosave(article: EditableArticle, form: EditorForm, setForm: (form: EditorForm) => void): Autosave {
  const userId = useAuth().user?.id;
  const id = article.id;
  const server = useQuery({ ...serverDraftQuery(id), enabled: userId !== undefined });
  const [decided, setDecided] = useState(false);
  const [recovery, setRecovery] = useState<Recovery | null>(null);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: "idle" });
  // The form as last stored (or as the article stands): what the next autosave is compared with.
  const stored = useRef(JSON.stringify(form));
  // Each write's number: an older server answer never overwrites a newer status.
  const seq = useRef(0);
  const latest = useRef({ form, article });
  latest.current = { form, article };

  const clearBoth = useCallback(() => {
    seq.current++;
    if (userId) clearLocalDraft(userId, id);
    void deleteServerDraft(id).catch(() => {});
  }, [userId, id]);

  // Once the server has answered (or failed to), offer the newer copy if it says something new.
  useEffect(() => {
    if (decided || userId === undefined || server.isPending) return;
    const copies = [readLocalDraft(userId, id), server.data?.draft ?? null].filter((d): d is ArticleDraft => d !== null);
    const newest = copies.sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0];
    const current = latest.current.article;
    if (newest && differs(formOfDraft(newest.form, current), current)) {
      setRecovery({ draft: newest, stale: newest.baseRevision < current.revision, revision: current.revision });
    } else if (newest) {
      clearBoth();
    }
    setDecided(true);
  });

  // A new revision in the form (a save, a restored version, the latest loaded after a conflict).
  const revision = useRef(article.revision);
  useEffect(() => {
    if (revision.current === article.revision) return;
    revision.current = article.revision;
    stored.current = JSON.stringify(latest.current.form);
    setStatus({ kind: "idle" });
    clearBoth();
  });

  const settled = useDebounced(form, AUTOSAVE_DELAY_MS);
  useEffect(() => {
    if (!decided || recovery || userId === undefined) return;
    const json = JSON.stringify(settled);
    if (json === stored.current) return;
    stored.current = json;
    if (!differs(settled, latest.current.article)) {
      // Typed back to the stored article: there is nothing to recover.
      setStatus({ kind: "idle" });
      clearBoth();
      return;
    }
    const baseRevision = latest.current.article.revision;
    const at = new Date().toISOString();
    const local = writeLocalDraft(userId, id, { form: settled, baseRevision, savedAt: at });
    const mine = ++seq.current;
    setStatus({ kind: "saved", at, local, server: "pending" });
    putServerDraft(id, settled, baseRevision).then(
      (saved) => mine === seq.current && setStatus({ kind: "saved", at: saved.savedAt, local, server: true }),
      () => mine === seq.current && setStatus({ kind: "saved", at, local, server: false }),
    );
  }, [settled, decided, recovery, userId, id, clearBoth]);

  // Closing the tab (or leaving the page) inside the delay: the browser's copy is written at once.
  useEffect(() => {
    if (!decided || recovery || userId === undefined) return;
    const flush = () => {
      const { form: now, article: current } = latest.current;
      if (JSON.stringify(now) === stored.current || !differs(now, current)) return;
      writeLocalDraft(userId, id, { form: now, baseRevision: current.revision, savedAt: new Date().toISOString() });
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [decided, recovery, userId, id]);

  return {
    recovery,
    status: recovery ? { kind: "paused" } : status,
    restore: () => {
      if (!recovery) return;
      // Autosaved again once the form rests: both copies then hold it, against today's revision.
      stored.current = "";
      setForm(formOfDraft(recovery.draft.form, latest.current.article));
      setRecovery(null);
    },
    discard: () => {
      setRecovery(null);
      setStatus({ kind: "idle" });
      clearBoth();
    },
  };
}
