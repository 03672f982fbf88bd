import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { serverMessage } from "#web/lib/admin-links.ts";
import { type FieldErrors, fieldErrorsOf } from "#web/lib/field-errors.ts";
import { createPreview } from "../api/preview.ts";
import { type EditorForm, metaBody } from "./editor-form.ts";
import meta from "./meta.module.css";

/**
 * "Preview on site": the form as it stands (unsaved) is kept by the server for a few minutes and opened
 * in a new tab at /preview/{token}, drawn by the reader's article page (docs/decisions/editorial/preview-on-site.md).
 * The tab is opened on the click itself (a tab opened after the answer would be blocked as a pop-up) and
 * sent to the preview once it exists; the link stays under the button for a blocked or closed tab.
 */
export function PreviewButton({
  articleId,
  form,
  onErrors,
}: {
  articleId: number;
  form: EditorForm;
  onErrors: (errors: FieldErrors) => void;
}) {
  const [path, setPath] = useState<string | null>(null);
  const preview = useMutation({
    mutationFn: (_tab: Window | null) =>
      createPreview(articleId, {
        title: form.title,
        excerpt: form.excerpt,
        content: form.content,
        imageUrl: form.imageUrl,
        categoryId: Number.parseInt(form.categoryId, 10),
        ...metaBody(form),
      }),
    onSuccess: (answer, tab) => {
      setPath(answer.path);
      if (tab && !tab.closed) tab.location.href = answer.path;
    },
    onError: (error, tab) => {
      tab?.close();
      setPath(null);
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) onErrors(fields);
      toast({ title: "Could not preview the article", description: serverMessage(error, ""), variant: "destructive" });
    },
  });

  const open = () => {
    const tab = window.open("", "_blank");
    // The preview tab has no business with the desk's window.
    if (tab) tab.opener = null;
    preview.mutate(tab);
  };

  return (
    <>
      <Button variant="outline" disabled={preview.isPending} onClick={open}>
        {preview.isPending ? "Opening preview…" : "Preview on site"}
      </Button>
      {path ? (
        <a className={meta.previewLink} href={path} target="_blank" rel="noopener">
          Open the preview again (unsaved changes, for 10 minutes)
        </a>
      ) : null}
    </>
  );
}
