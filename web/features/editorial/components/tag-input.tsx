import { type KeyboardEvent, useId, useState } from "react";
import { TAGS_PER_ARTICLE_MAX } from "#schema/contracts/article-meta.ts";
import { TAG_NAME_MAX, tagSlug } from "#schema/contracts/tag-slug.ts";
import { invalidProps } from "#web/lib/field-errors.ts";
import styles from "./meta.module.css";

/**
 * Tags as chips: type a name and press Enter or a comma (or leave the field) to add it; Backspace in the
 * empty field takes the last one off; each chip has its own remove button. A name is kept as typed and
 * shown with the address it will have; one whose address is already there is not added twice.
 */
export function TagInput({
  id,
  tags,
  onChange,
  error,
  errorId,
}: {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  error: string | undefined;
  errorId: string;
}) {
  const [text, setText] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const hintId = useId();
  const full = tags.length >= TAGS_PER_ARTICLE_MAX;

  const add = (): boolean => {
    const name = text.trim().replace(/\s+/g, " ");
    if (!name) return false;
    const slug = tagSlug(name);
    if (!slug) setNote("A tag needs at least one letter or digit.");
    else if (tags.some((t) => tagSlug(t) === slug)) setNote(`"${name}" is already a tag.`);
    else if (full) setNote(`At most ${TAGS_PER_ARTICLE_MAX} tags.`);
    else {
      onChange([...tags, name]);
      setText("");
      setNote(null);
      return true;
    }
    return false;
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      add();
    } else if (e.key === "Backspace" && text === "" && tags.length) {
      onChange(tags.slice(0, -1));
    }
  };

  const slug = tagSlug(text);
  return (
    <div className={styles.tags}>
      {tags.length ? (
        <ul className={styles.chips} aria-label="Current tags">
          {tags.map((tag, i) => (
            <li key={tagSlug(tag) || i} className={styles.chip}>
              <span>{tag}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(tags.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        className="input"
        value={text}
        maxLength={TAG_NAME_MAX}
        placeholder={full ? `${TAGS_PER_ARTICLE_MAX} tags: remove one to add another` : "Type a tag, then Enter"}
        onChange={(e) => {
          // A pasted "a, b" adds every name before its last comma.
          const parts = e.target.value.split(",");
          if (parts.length > 1) {
            const names = parts
              .slice(0, -1)
              .map((p) => p.trim())
              .filter((p) => tagSlug(p) && !tags.some((t) => tagSlug(t) === tagSlug(p)));
            onChange([...tags, ...names].slice(0, TAGS_PER_ARTICLE_MAX));
          }
          setText(parts.at(-1) ?? "");
          setNote(null);
        }}
        onKeyDown={onKey}
        onBlur={() => add()}
        {...invalidProps(error, errorId, hintId)}
      />
      <p id={hintId} className={styles.hint}>
        {note ?? (slug ? `Its page: /tag/${slug}` : `${tags.length} of ${TAGS_PER_ARTICLE_MAX} tags. Enter or a comma adds one.`)}
      </p>
    </div>
  );
}
