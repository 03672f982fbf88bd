import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ALREADY_POSTED_MESSAGE } from "#schema/contracts/editorial.ts";
import { toast } from "#web/components/ui/toast.tsx";
import { serverMessage } from "#web/lib/admin-links.ts";
import { HttpError } from "#web/lib/api.ts";
import { adminArticleKeys, postToTwitter, publishArticle, regenerateArticle, trashArticle } from "../api/articles.ts";
import { heldReasonsOf } from "../lib/held.ts";

export const REGENERATE_CONFIRM =
  "Regenerate this article? The held draft is replaced by a new one the newsroom writes from the same data (it is checked again before it is published).";

/** The toasts' fallbacks when the server gives no reason; the row shows the same words by the button. */
export const ACTION_FAILED = {
  publish: "Failed to update article",
  regenerate: "Failed to regenerate article",
  trash: "Failed to delete article",
  twitter: "Failed to post to Twitter",
} as const;

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminArticleKeys.all });
}

/** The list's buttons, with the spec's toasts (assistant-plans-admin.md §8). */
export function useArticleActions() {
  const refresh = useRefresh();
  const twitter = useMutation({
    mutationFn: postToTwitter,
    onSuccess: (result) => {
      toast({
        title: "Success",
        description: result.channel === "x" ? "Posted to Twitter." : "Posted to the outbox (Twitter is offline).",
      });
      return refresh();
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 409 && error.serverMessage === ALREADY_POSTED_MESSAGE) {
        toast({ title: "Already Posted", description: ALREADY_POSTED_MESSAGE });
        return refresh();
      }
      toast({ title: ACTION_FAILED.twitter, description: serverMessage(error, ""), variant: "destructive" });
    },
  });
  // A held article's publish is refused with its reasons; the row then asks before publishing over them.
  const [held, setHeld] = useState<{ id: number; reasons: string[] } | null>(null);
  const publishMutation = useMutation({
    mutationFn: publishArticle,
    onSuccess: (result) => {
      setHeld(null);
      toast({ title: "Success", description: result.message });
      return refresh();
    },
    onError: (error, { id }) => {
      const reasons = heldReasonsOf(error);
      if (reasons) return setHeld({ id, reasons });
      setHeld(null);
      toast({ title: "Error", description: serverMessage(error, ACTION_FAILED.publish), variant: "destructive" });
    },
  });
  const publish = Object.assign(publishMutation, { held, cancelHeld: () => setHeld(null) });
  const regenerate = useMutation({
    mutationFn: regenerateArticle,
    onSuccess: (result) => {
      toast({ title: "Success", description: `${result.message} The new article appears here when the run finishes.` });
      return refresh();
    },
    onError: (error) => toast({ title: "Error", description: serverMessage(error, ACTION_FAILED.regenerate), variant: "destructive" }),
  });
  const trash = useMutation({
    mutationFn: trashArticle,
    onSuccess: () => {
      toast({ title: "Success", description: "Article moved to trash." });
      return refresh();
    },
    onError: (error) => toast({ title: "Error", description: serverMessage(error, ACTION_FAILED.trash), variant: "destructive" }),
  });
  return { twitter, publish, regenerate, trash };
}
