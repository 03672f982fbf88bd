import type { Editor } from "@tiptap/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { attributeValueAllowed } from "#schema/contracts/html-allowlist.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import styles from "./visual-editor.module.css";

export type InsertKind = "link" | "image";

/** The addresses the sanitiser keeps, said the way an editor writes them. */
const LINK_RULE = /^(https?:\/\/\S+|mailto:\S+|\/\S*|#\S*)$/i;
const IMAGE_RULE = /^(https?:\/\/\S+|\/\S+)$/i;
export const LINK_INVALID = "Enter an address starting with https://, http://, mailto:, / or #.";
export const IMAGE_INVALID = "Enter an image address starting with https://, http:// or /.";
export const ALT_MISSING = "Describe the image for readers who cannot see it.";

/** The link or image form under the toolbar: validated here, applied to the editor's selection. */
export function InsertPanel({ kind, editor, href, onClose }: { kind: InsertKind; editor: Editor; href: string; onClose: () => void }) {
  const [url, setUrl] = useState(kind === "link" ? href : "");
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ url?: string; alt?: string }>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const address = url.trim();
    const rule = kind === "link" ? LINK_RULE : IMAGE_RULE;
    const next = {
      ...(rule.test(address) && attributeValueAllowed(kind === "link" ? "href" : "src", address)
        ? {}
        : { url: kind === "link" ? LINK_INVALID : IMAGE_INVALID }),
      ...(kind === "image" && !alt.trim() ? { alt: ALT_MISSING } : {}),
    };
    setErrors(next);
    if (next.url || next.alt) return;
    const chain = editor.chain().focus();
    if (kind === "image") chain.insertContent({ type: "img", attrs: { src: address, alt: alt.trim() } }).run();
    else if (editor.state.selection.empty && !editor.isActive("a"))
      chain.insertContent({ type: "text", text: address, marks: [{ type: "a", attrs: { href: address } }] }).run();
    else chain.extendMarkRange("a").setMark("a", { href: address }).run();
    onClose();
  };

  const unlink = () => {
    editor.chain().focus().extendMarkRange("a").unsetMark("a").run();
    onClose();
  };

  const id = `editor-insert-${kind}`;
  return (
    <form className={styles.panel} aria-label={kind === "link" ? "Link" : "Image"} onSubmit={submit} noValidate>
      <label className={styles.panelField} htmlFor={`${id}-url`}>
        {kind === "link" ? "Link address" : "Image address"}
        <input
          ref={first}
          id={`${id}-url`}
          className="input"
          inputMode="url"
          placeholder={kind === "link" ? "https://… or /news/…" : "https://… or /images/…"}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => e.key === "Escape" && onClose()}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${id}-url-error` : undefined}
        />
      </label>
      <FieldError id={`${id}-url-error`} message={errors.url} />
      {kind === "image" ? (
        <>
          <label className={styles.panelField} htmlFor={`${id}-alt`}>
            Alt text
            <input
              id={`${id}-alt`}
              className="input"
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
              onKeyDown={(e) => e.key === "Escape" && onClose()}
              aria-invalid={errors.alt ? true : undefined}
              aria-describedby={errors.alt ? `${id}-alt-error` : undefined}
            />
          </label>
          <FieldError id={`${id}-alt-error`} message={errors.alt} />
        </>
      ) : null}
      <div className={styles.panelButtons}>
        <Button size="sm" type="submit">
          {kind === "link" ? "Apply link" : "Insert image"}
        </Button>
        {kind === "link" && editor.isActive("a") ? (
          <Button size="sm" variant="outline" onClick={unlink}>
            Remove link
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
