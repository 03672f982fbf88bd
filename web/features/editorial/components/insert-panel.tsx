import type { Editor } from "@tiptap/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { embedHtml, embedOf } from "#schema/contracts/embeds.ts";
import { attributeValueAllowed } from "#schema/contracts/html-allowlist.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import styles from "./visual-editor.module.css";

export type InsertKind = "link" | "image" | "embed";

/** The addresses the sanitiser keeps, said the way an editor writes them. */
const LINK_RULE = /^(https?:\/\/\S+|mailto:\S+|\/\S*|#\S*)$/i;
const IMAGE_RULE = /^(https?:\/\/\S+|\/\S+)$/i;
export const LINK_INVALID = "Enter an address starting with https://, http://, mailto:, / or #.";
export const IMAGE_INVALID = "Enter an image address starting with https://, http:// or /.";
export const ALT_MISSING = "Describe the image for readers who cannot see it.";
export const EMBED_INVALID =
  "Enter a YouTube video or a post on X: https://www.youtube.com/watch?v=…, https://youtu.be/… or https://x.com/name/status/….";

const LABELS = {
  link: { form: "Link", address: "Link address", placeholder: "https://… or /news/…", submit: "Apply link" },
  image: { form: "Image", address: "Image address", placeholder: "https://… or /images/…", submit: "Insert image" },
  embed: {
    form: "Embed",
    address: "Video or post address",
    placeholder: "https://www.youtube.com/watch?v=… or https://x.com/…",
    submit: "Embed",
  },
} as const;

/**
 * The link, image or embed form under the toolbar: validated here, applied to the editor's selection.
 * An embed is stored as a figure with one link (schema/contracts/embeds.ts); its second field is the caption.
 */
export function InsertPanel({ kind, editor, href, onClose }: { kind: InsertKind; editor: Editor; href: string; onClose: () => void }) {
  const [url, setUrl] = useState(kind === "link" ? href : "");
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ url?: string; alt?: string }>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const address = url.trim();
    const embed = kind === "embed" ? embedOf(address) : null;
    const rule = kind === "link" ? LINK_RULE : IMAGE_RULE;
    const valid =
      kind === "embed" ? embed !== null : rule.test(address) && attributeValueAllowed(kind === "link" ? "href" : "src", address);
    const next = {
      ...(valid ? {} : { url: kind === "link" ? LINK_INVALID : kind === "image" ? IMAGE_INVALID : EMBED_INVALID }),
      ...(kind === "image" && !alt.trim() ? { alt: ALT_MISSING } : {}),
    };
    setErrors(next);
    if (next.url || next.alt) return;
    const chain = editor.chain().focus();
    if (embed) chain.insertContent(embedHtml(embed, alt)).run();
    else if (kind === "image") chain.insertContent({ type: "img", attrs: { src: address, alt: alt.trim() } }).run();
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
  const labels = LABELS[kind];
  return (
    <form className={styles.panel} aria-label={labels.form} onSubmit={submit} noValidate>
      <label className={styles.panelField} htmlFor={`${id}-url`}>
        {labels.address}
        <input
          ref={first}
          id={`${id}-url`}
          className="input"
          inputMode="url"
          placeholder={labels.placeholder}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => e.key === "Escape" && onClose()}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${id}-url-error` : undefined}
        />
      </label>
      <FieldError id={`${id}-url-error`} message={errors.url} />
      {kind !== "link" ? (
        <>
          <label className={styles.panelField} htmlFor={`${id}-alt`}>
            {kind === "image" ? "Alt text" : "Caption (optional)"}
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
          {labels.submit}
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
