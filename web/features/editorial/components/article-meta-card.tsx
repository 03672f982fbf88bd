import { useId } from "react";
import { BYLINE_MAX, META_DESCRIPTION_MAX, META_TITLE_MAX, SLUG_MAX } from "#schema/contracts/article-meta.ts";
import { carriesDisclaimer, isGuideCategory } from "#schema/contracts/article-rules.ts";
import { NEWSROOM_BYLINE } from "#schema/contracts/provenance.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { type FieldErrors, invalidProps } from "#web/lib/field-errors.ts";
import styles from "./editor.module.css";
import { type EditorForm, errorIdOf, FIELD_IDS, type PlacedField } from "./editor-form.ts";
import meta from "./meta.module.css";
import { TagInput } from "./tag-input.tsx";

type MetaField = "slug" | "metaTitle" | "metaDescription" | "socialImage" | "byline";

/** An address from a title: lowercase words joined by single hyphens, cut at a word within the limit. */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let out = "";
  for (const word of words) {
    const next = out ? `${out}-${word}` : word;
    if (next.length > SLUG_MAX) break;
    out = next;
  }
  return out;
}

/** "52 / 70", and how many too many once over (the server refuses it then; nothing typed is cut). */
function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length - max;
  return (
    <span id={id} className={over > 0 ? `${meta.counter} ${meta.over}` : meta.counter}>
      {length} / {max}
      {over > 0 ? `: ${over} too many` : ""}
    </span>
  );
}

/**
 * The desk's metadata (issue 46): the address, the search and social fields, tags and the byline. The
 * fields are the editor's form (editor-form.ts), saved with the article; empty search fields fall back
 * to the title, excerpt and featured image, as the placeholders say.
 */
export function ArticleMetaCard({
  form,
  savedSlug,
  errors,
  onChange,
}: {
  form: EditorForm;
  /** The slug as saved: the old address redirects once a new one is saved. */
  savedSlug: string;
  errors: FieldErrors;
  onChange: <K extends keyof EditorForm>(key: K, value: EditorForm[K]) => void;
}) {
  const counterIds = { metaTitle: useId(), metaDescription: useId(), slug: useId() };
  const categoryId = Number.parseInt(form.categoryId, 10);
  const base = isGuideCategory(categoryId) ? "/crypto-101/" : "/article/";
  const props = (field: PlacedField, describedBy?: string) => ({
    id: FIELD_IDS[field],
    ...invalidProps(errors[field], errorIdOf(field), describedBy),
  });
  const text = (field: MetaField) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
  });
  const renamed = form.slug.trim() !== savedSlug;
  const tagError = errors.tags ?? Object.entries(errors).find(([path]) => path.startsWith("tags."))?.[1];

  return (
    <Card title="Address, search and social" aria-label="Address, search and social">
      <div className={styles.field}>
        <label className={styles.label} htmlFor={FIELD_IDS.slug}>
          Slug
        </label>
        <div className={meta.slugRow}>
          <span className={meta.prefix} aria-hidden="true">
            {base}
          </span>
          <input
            className={`input ${meta.slugInput}`}
            spellCheck={false}
            autoCapitalize="off"
            {...text("slug")}
            {...props("slug", counterIds.slug)}
          />
          <Button size="sm" variant="outline" onClick={() => onChange("slug", slugFromTitle(form.title))}>
            From title
          </Button>
        </div>
        <p id={counterIds.slug} className={meta.hint}>
          {renamed
            ? `Saving moves the article to ${base}${form.slug.trim() || "…"}; ${base}${savedSlug} will redirect there.`
            : "Lowercase letters, digits and single hyphens."}
        </p>
        <FieldError id={errorIdOf("slug")} message={errors.slug} />
      </div>
      <div className={styles.field}>
        <div className={meta.labelRow}>
          <label className={styles.label} htmlFor={FIELD_IDS.metaTitle}>
            Meta title
          </label>
          <Counter id={counterIds.metaTitle} length={form.metaTitle.trim().length} max={META_TITLE_MAX} />
        </div>
        <input
          className="input"
          placeholder={form.title || "The article's title"}
          {...text("metaTitle")}
          {...props("metaTitle", counterIds.metaTitle)}
        />
        <FieldError id={errorIdOf("metaTitle")} message={errors.metaTitle} />
      </div>
      <div className={styles.field}>
        <div className={meta.labelRow}>
          <label className={styles.label} htmlFor={FIELD_IDS.metaDescription}>
            Meta description
          </label>
          <Counter id={counterIds.metaDescription} length={form.metaDescription.trim().length} max={META_DESCRIPTION_MAX} />
        </div>
        <textarea
          className={`input ${styles.textarea}`}
          rows={3}
          placeholder={form.excerpt || "The article's excerpt"}
          {...text("metaDescription")}
          {...props("metaDescription", counterIds.metaDescription)}
        />
        <FieldError id={errorIdOf("metaDescription")} message={errors.metaDescription} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={FIELD_IDS.socialImage}>
          Social image URL
        </label>
        <input
          className="input"
          type="text"
          inputMode="url"
          placeholder="https://… (empty: the featured image)"
          {...text("socialImage")}
          {...props("socialImage")}
        />
        <FieldError id={errorIdOf("socialImage")} message={errors.socialImage} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={FIELD_IDS.tags}>
          Tags
        </label>
        <TagInput
          id={FIELD_IDS.tags}
          tags={form.tags}
          onChange={(tags) => onChange("tags", tags)}
          error={tagError}
          errorId={errorIdOf("tags")}
        />
        <FieldError id={errorIdOf("tags")} message={tagError} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={FIELD_IDS.byline}>
          Byline
        </label>
        <input
          className="input"
          maxLength={BYLINE_MAX}
          placeholder={carriesDisclaimer(categoryId) ? `${NEWSROOM_BYLINE} (the default)` : "None: no byline is shown"}
          {...text("byline")}
          {...props("byline")}
        />
        <FieldError id={errorIdOf("byline")} message={errors.byline} />
      </div>
    </Card>
  );
}
