import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { AdminTag } from "#schema/contracts/admin-tags.ts";
import { tagSlug } from "#schema/contracts/tag-slug.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { DataTable } from "#web/components/ui/data-table.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { LoadFailed, LoadingRows } from "#web/components/ui/query-states.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { SESSION_EXPIRED_TEXT, serverMessage, useSignInAfterExpiry } from "#web/lib/admin-links.ts";
import { HttpError } from "#web/lib/api.ts";
import { fieldErrorsOf, invalidProps } from "#web/lib/field-errors.ts";
import { adminTagsQuery, deleteTag, mergeTag, renameTag, tagsKeys } from "../api/tags.ts";
import { DeleteDialog, MergeDialog } from "./tag-dialogs.tsx";
import styles from "./tags.module.css";

const FAILED = "The tag was not changed.";
type Asking = { kind: "merge" | "delete"; tag: AdminTag } | null;
type TagAction =
  | { kind: "rename"; tag: AdminTag; name: string }
  | { kind: "merge"; tag: AdminTag; into: AdminTag }
  | { kind: "delete"; tag: AdminTag };

/**
 * The desk's Tags tab (docs/decisions/editorial/tags.md): every tag with the articles that carry it.
 * A rename is edited in its row (the new address shows as it is typed) and a refused one keeps what
 * was typed with the server's reason; merge and delete ask first in a dialog.
 */
export function TagsTab({ go = (href) => window.location.assign(href) }: { go?: (href: string) => void }) {
  const client = useQueryClient();
  const { data, isLoading, isError, refetch } = useQuery(adminTagsQuery());
  const [editing, setEditing] = useState<number | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [refusal, setRefusal] = useState<{ tagId: number; message: string } | null>(null);
  const [expired, setExpired] = useState(false);

  const done = async (message: string) => {
    toast({ title: "Success", description: message });
    setEditing(null);
    setAsking(null);
    setRefusal(null);
    await client.invalidateQueries({ queryKey: tagsKeys.all });
  };
  const failed = (tagId: number, error: unknown) => {
    if (error instanceof HttpError && error.status === 401) {
      toast({ title: SESSION_EXPIRED_TEXT, variant: "destructive" });
      setExpired(true);
      return;
    }
    toast({ title: "Error", description: FAILED, variant: "destructive" });
    const fields = fieldErrorsOf(error);
    setRefusal({ tagId, message: fields.name ?? fields.into ?? serverMessage(error, FAILED) });
    // A tag another admin merged or deleted meanwhile: the list shows what is there now.
    if (error instanceof HttpError && error.status === 404) void client.invalidateQueries({ queryKey: tagsKeys.all });
  };
  // One change at a time, whichever it is: the rows' buttons wait for it, and its dialog says it is under way.
  const change = useMutation({
    mutationFn: (action: TagAction) =>
      action.kind === "rename"
        ? renameTag(action.tag.id, action.name)
        : action.kind === "merge"
          ? mergeTag(action.tag.id, action.into.id)
          : deleteTag(action.tag.id),
    onSuccess: (answer) => done(answer.message),
    onError: (error, action) => failed(action.tag.id, error),
  });
  const pending = change.isPending ? change.variables.kind : null;
  const busy = pending !== null || expired;
  const action = (label: string, variant: "outline" | "danger", tag: AdminTag, disabled: boolean, onClick: () => void) => (
    <Button size="sm" variant={variant} aria-label={`${label} ${tag.name}`} disabled={busy || disabled} onClick={onClick}>
      {label}
    </Button>
  );

  useSignInAfterExpiry(expired, "/admin?tab=tags", go);

  const refusalOf = (tag: AdminTag) => (refusal?.tagId === tag.id ? refusal.message : undefined);
  return (
    <Card title="Tags" aria-label="Tags">
      {isLoading ? (
        <LoadingRows label="Loading tags" height={44} />
      ) : isError || !data ? (
        <LoadFailed what="tags" onRetry={() => void refetch()} />
      ) : data.tags.length === 0 ? (
        <Notice>No tags yet. Add them to an article in its editor, under Address, search and social.</Notice>
      ) : (
        <>
          <p className={styles.hint}>
            {data.tags.length === 1 ? "1 tag" : `${data.tags.length} tags`}. A renamed or merged tag's old address leads to its page.
          </p>
          <DataTable columns={["Tag", "Page", "Articles", "Actions"]} align="middle" className={styles.narrow}>
            {data.tags.map((tag) => (
              <tr key={tag.id}>
                <td>
                  {editing === tag.id ? (
                    <RenameField
                      tag={tag}
                      busy={pending === "rename"}
                      refusal={refusalOf(tag)}
                      onSave={(name) => change.mutate({ kind: "rename", tag, name })}
                      onCancel={() => {
                        setEditing(null);
                        setRefusal(null);
                      }}
                    />
                  ) : (
                    <>
                      {tag.name}
                      <FieldError id={`tag-${tag.id}-error`} message={asking ? undefined : refusalOf(tag)} />
                    </>
                  )}
                </td>
                <td>
                  {tag.publicArticles > 0 ? (
                    <a href={`/tag/${tag.slug}`}>/tag/{tag.slug}</a>
                  ) : (
                    <span className="muted" title="No published article carries it yet">
                      /tag/{tag.slug} (no page yet)
                    </span>
                  )}
                </td>
                <td className="num">
                  {tag.articles} <span className="muted">({tag.publicArticles} published)</span>
                </td>
                <td>
                  <div className={styles.actions}>
                    {action("Rename", "outline", tag, editing === tag.id, () => setEditing(tag.id))}
                    {action("Merge", "outline", tag, data.tags.length < 2, () => setAsking({ kind: "merge", tag }))}
                    {action("Delete", "danger", tag, false, () => setAsking({ kind: "delete", tag }))}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
          {asking?.kind === "merge" ? (
            <MergeDialog
              tag={asking.tag}
              others={data.tags.filter((t) => t.id !== asking.tag.id)}
              busy={pending === "merge"}
              refusal={refusalOf(asking.tag)}
              onConfirm={(into) => change.mutate({ kind: "merge", tag: asking.tag, into })}
              onClose={() => setAsking(null)}
            />
          ) : null}
          {asking?.kind === "delete" ? (
            <DeleteDialog
              tag={asking.tag}
              busy={pending === "delete"}
              onConfirm={() => change.mutate({ kind: "delete", tag: asking.tag })}
              onClose={() => setAsking(null)}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}

/** A tag's name being edited: Enter or Save sends it, Escape or Cancel leaves it; the new address shows as it is typed. */
function RenameField({
  tag,
  busy,
  refusal,
  onSave,
  onCancel,
}: {
  tag: AdminTag;
  busy: boolean;
  refusal: string | undefined;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(tag.name);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const slug = tagSlug(name);
  const save = () => {
    if (name.trim() && name.trim() !== tag.name) onSave(name);
    else if (name.trim() === tag.name) onCancel();
  };
  return (
    <form
      className={styles.rename}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        New name for {tag.name}
      </label>
      <input
        id={inputId}
        className="input"
        value={name}
        maxLength={40}
        // biome-ignore lint/a11y/noAutofocus: the field opens where the editor pressed Rename
        autoFocus
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") onCancel();
        }}
        {...invalidProps(refusal, errorId, hintId)}
      />
      <span id={hintId} className={styles.address}>
        {slug ? (slug === tag.slug ? `/tag/${slug}` : `/tag/${slug} (/tag/${tag.slug} will lead there)`) : "Needs a letter or digit"}
      </span>
      <FieldError id={errorId} message={refusal} />
      <div className={styles.actions}>
        <Button size="sm" type="submit" disabled={busy || !slug}>
          {busy ? "Saving…" : "Save"}
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
