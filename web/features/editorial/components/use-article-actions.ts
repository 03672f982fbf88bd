import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ALREADY_POSTED_MESSAGE } from "#schema/contracts/editorial.ts";
import { toast } from "#web/components/ui/toast.tsx";
import { serverMessage } from "#web/lib/admin-links.ts";
import { HttpError } from "#web/lib/api.ts";
import { adminArticleKeys, postToTwitter, publishArticle, regenerateArticle, trashArticle } from "../api/articles.ts";

export const REGENERATE_CONFIRM =
  "Regenerate this article? The held draft is replaced by a new one the newsroom writes from the same data (it is checked again before it is published).";
export const PUBLISH_CONFIRM = "Publish this article although its figures did not pass the check?";

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
  const publish = useMutation({
    mutationFn: publishArticle,
    onSuccess: () => {
      toast({ title: "Success", description: "Article published." });
      return refresh();
    },
    onError: (error) => toast({ title: "Error", description: serverMessage(error, ACTION_FAILED.publish), variant: "destructive" }),
  });
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
