import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { EditableArticle } from "#schema/contracts/editorial.ts";
import type { ArticleChange } from "#schema/contracts/presence.ts";
import { Button } from "#web/components/ui/button.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { ARTICLES_TAB_HREF, serverMessage } from "#web/lib/admin-links.ts";
import { editableQuery } from "../api/editor.ts";
import { FIELD_NAMES, keepTyped } from "../lib/kept-form.ts";
import { changeSentence } from "../lib/presence-text.ts";
import { type EditorForm, isDirty } from "./editor-form.ts";
import styles from "./presence.module.css";
import type { Presence } from "./use-presence.ts";

/** Whether a change is newer than what the editor shows (a save of its own comes back with the revision it now holds). */
export function isStale(change: ArticleChange | null, article: EditableArticle, saving: boolean): change is ArticleChange {
  if (!change || saving) return false;
  return change.revision === null || change.revision > article.revision;
}

/**
 * The article changed underneath the open editor. Loading the new version never drops typed text
 * silently: with changes in the form, the admin chooses to keep them over the new version (fields
 * they did not touch take the new text) or to discard them.
 */
export function StaleNotice({
  presence,
  saving,
  onLoad,
  onKeep,
}: {
  presence: Pick<Presence, "change" | "article" | "form">;
  saving: boolean;
  /** The new version loaded: the editor shows it (and its form, unless `onKeep` follows). */
  onLoad: (fresh: EditableArticle) => void;
  /** The form to show over it when the admin kept their text. */
  onKeep: (kept: EditorForm) => void;
}) {
  const { change, article, form } = presence;
  const client = useQueryClient();
  const [loading, setLoading] = useState(false);
  if (!isStale(change, article, saving)) return null;
  const gone = change.revision === null;
  const dirty = isDirty(form, article) || form.authorNotes.trim() !== "";

  const load = async (keep: boolean) => {
    setLoading(true);
    try {
      const fresh = await client.fetchQuery({ ...editableQuery(article.id), staleTime: 0 });
      const kept = keep ? keepTyped(form, article, fresh) : null;
      onLoad(fresh);
      if (kept) onKeep(kept.form);
      if (kept?.both.length)
        toast({
          title: "Your text was kept",
          description: `You both changed: ${kept.both.map((f) => FIELD_NAMES[f]).join(", ")}. Theirs is in Version History.`,
        });
    } catch (error) {
      toast({ title: "Failed to load the new version", description: serverMessage(error, ""), variant: "destructive" });
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className={styles.stale} role="alert" data-testid="stale-notice">
      <p>{changeSentence(change)}</p>
      {gone ? (
        <Link className="btn btn-outline btn-sm" to={ARTICLES_TAB_HREF}>
          Back to the articles
        </Link>
      ) : dirty ? (
        <div className={styles.actions}>
          <Button size="sm" disabled={loading} onClick={() => void load(true)}>
            Load it and keep my text
          </Button>
          <Button size="sm" variant="outline" disabled={loading} onClick={() => void load(false)}>
            Load it and discard my changes
          </Button>
        </div>
      ) : (
        <Button size="sm" disabled={loading} onClick={() => void load(false)}>
          Load the new version
        </Button>
      )}
    </div>
  );
}
