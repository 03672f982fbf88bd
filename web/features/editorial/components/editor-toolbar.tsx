import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { type InsertKind, InsertPanel } from "./insert-panel.tsx";
import styles from "./visual-editor.module.css";

/** The block styles offered; the article's title is its one h1, so headings start at h2. */
const BLOCKS = [
  { name: "p", label: "Paragraph" },
  { name: "h2", label: "Heading 2" },
  { name: "h3", label: "Heading 3" },
  { name: "h4", label: "Heading 4" },
  { name: "pre", label: "Code block" },
] as const;

const MARKS = [
  { mark: "strong", label: "Bold", glyph: "B", keys: "Ctrl+B" },
  { mark: "em", label: "Italic", glyph: "I", keys: "Ctrl+I" },
  { mark: "u", label: "Underline", glyph: "U", keys: "Ctrl+U" },
  { mark: "s", label: "Strikethrough", glyph: "S", keys: "Ctrl+Shift+S" },
  { mark: "code", label: "Inline code", glyph: "</>", keys: "Ctrl+E" },
] as const;

function stateOf(editor: Editor) {
  const parent = editor.state.selection.$from.parent.type.name;
  return {
    block: BLOCKS.some((b) => b.name === parent) ? parent : "",
    marks: Object.fromEntries(MARKS.map(({ mark }) => [mark, editor.isActive(mark)])) as Record<string, boolean>,
    ul: editor.isActive("ul"),
    ol: editor.isActive("ol"),
    blockquote: editor.isActive("blockquote"),
    link: editor.isActive("a"),
    href: (editor.getAttributes("a").href as string | undefined) ?? "",
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

/**
 * The formatting toolbar (WAI-ARIA toolbar): one stop in the Tab order, arrow keys, Home and End move
 * between its controls; toggles say whether they are on with aria-pressed.
 */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({ editor, selector: ({ editor: e }) => stateOf(e) });
  const [panel, setPanel] = useState<InsertKind | null>(null);
  const [active, setActive] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const chain = () => editor.chain().focus();

  const controls = () => [...(bar.current?.querySelectorAll<HTMLButtonElement | HTMLSelectElement>("[data-tool]") ?? [])];
  // One stop in the Tab order: the control last moved to, or the first when that one is disabled now.
  useLayoutEffect(() => {
    const list = controls();
    const stop = list[active] && !list[active].disabled ? list[active] : list.find((c) => !c.disabled);
    for (const c of list) c.tabIndex = c === stop ? 0 : -1;
  });
  const onKeyDown = (e: KeyboardEvent) => {
    const list = controls();
    const at = list.indexOf(e.target as HTMLButtonElement);
    if (at === -1 || (e.target instanceof HTMLSelectElement && (e.key === "ArrowUp" || e.key === "ArrowDown"))) return;
    const enabled = list.filter((c) => !c.disabled);
    const here = enabled.indexOf(list[at] as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowRight: here + 1, ArrowLeft: here - 1, Home: 0, End: enabled.length - 1 };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = enabled[(to + enabled.length) % enabled.length];
    if (!next) return;
    setActive(list.indexOf(next));
    next.focus();
  };
  const tool = (index: number) => ({ "data-tool": "", onFocus: () => setActive(index) });

  let i = 0;
  const toggle = (label: string, glyph: string, pressed: boolean, run: () => void, keys?: string) => (
    <button
      key={label}
      type="button"
      className={styles.tool}
      aria-label={label}
      title={keys ? `${label} (${keys})` : label}
      aria-pressed={pressed}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
      {...tool(i++)}
    >
      {glyph}
    </button>
  );
  const action = (label: string, glyph: string, run: () => void, disabled = false) => (
    <button
      key={label}
      type="button"
      className={styles.tool}
      aria-label={label}
      title={label}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
      {...tool(i++)}
    >
      {glyph}
    </button>
  );

  return (
    <>
      <div
        ref={bar}
        role="toolbar"
        aria-label="Formatting"
        aria-controls="editor-content-visual"
        className={styles.toolbar}
        onKeyDown={onKeyDown}
      >
        <select
          className={`input ${styles.blockSelect}`}
          aria-label="Text style"
          value={state.block}
          onChange={(e) => chain().setNode(e.target.value).run()}
          {...tool(i++)}
        >
          {state.block ? null : <option value="">Other</option>}
          {BLOCKS.map((b) => (
            <option key={b.name} value={b.name}>
              {b.label}
            </option>
          ))}
        </select>
        {MARKS.map(({ mark, label, glyph, keys }) =>
          toggle(label, glyph, state.marks[mark] ?? false, () => chain().toggleMark(mark).run(), keys),
        )}
        {toggle("Link", "Link", state.link || panel === "link", () => setPanel(panel === "link" ? null : "link"))}
        {toggle("Bulleted list", "• List", state.ul, () => chain().toggleList("ul", "li").run())}
        {toggle("Numbered list", "# List", state.ol, () => chain().toggleList("ol", "li").run())}
        {toggle("Quotation", "❝", state.blockquote, () => chain().toggleWrap("blockquote").run())}
        {action("Horizontal rule", "―", () => chain().insertContent({ type: "hr" }).run())}
        {toggle("Image", "Image", panel === "image", () => setPanel(panel === "image" ? null : "image"))}
        {action("Undo", "↶", () => chain().undo().run(), !state.canUndo)}
        {action("Redo", "↷", () => chain().redo().run(), !state.canRedo)}
      </div>
      {panel ? (
        <InsertPanel
          kind={panel}
          editor={editor}
          href={state.href}
          onClose={() => {
            setPanel(null);
            // Back to the text the link or image was for.
            editor.commands.focus();
          }}
        />
      ) : null}
    </>
  );
}
