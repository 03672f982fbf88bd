import { type Editor, Extension, getSchema } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { useEffect, useRef, useState } from "react";
import { parseArticleHtml, serializeArticleHtml } from "../lib/editor-html.ts";
import { allowlistExtensions } from "../lib/editor-schema.ts";
import { cleanPastedHtml } from "../lib/paste-cleanup.ts";
import { EditorToolbar } from "./editor-toolbar.tsx";
import styles from "./visual-editor.module.css";

/** The keys of a word processor, on the allowlist's own node and mark names. */
const Keys = Extension.create({
  name: "articleKeys",
  addKeyboardShortcuts() {
    const marks = { "Mod-b": "strong", "Mod-i": "em", "Mod-u": "u", "Mod-Shift-s": "s", "Mod-e": "code" } as const;
    return {
      ...Object.fromEntries(Object.entries(marks).map(([key, mark]) => [key, () => this.editor.commands.toggleMark(mark)])),
      "Shift-Enter": () => this.editor.commands.insertContent({ type: "br" }),
      Enter: () => this.editor.commands.splitListItem("li"),
      Tab: () => this.editor.commands.sinkListItem("li"),
      "Shift-Tab": () => this.editor.commands.liftListItem("li"),
    };
  },
});

/**
 * StarterKit for its editing behaviour only (undo history, the gap and drop cursors); every node and mark
 * of its own is off: the schema is the allowlist's.
 */
const Behaviour = StarterKit.configure({
  blockquote: false,
  bold: false,
  bulletList: false,
  code: false,
  codeBlock: false,
  document: false,
  hardBreak: false,
  heading: false,
  horizontalRule: false,
  italic: false,
  listItem: false,
  listKeymap: false,
  link: false,
  orderedList: false,
  paragraph: false,
  strike: false,
  text: false,
  underline: false,
  // It would add an empty paragraph after a closing table or list: a change nobody typed.
  trailingNode: false,
});

const EXTENSIONS = [...allowlistExtensions(), Behaviour, Keys];
const SCHEMA = getSchema(EXTENSIONS);
const docOf = (html: string) => parseArticleHtml(SCHEMA, html).toJSON();
/**
 * Serialising and sanitising the whole body took 179 ms for 40 KB in jsdom (far less in a browser, but
 * it grows with the body): past this size (ProseMirror positions, about characters) it waits for a pause.
 */
const DEFER_ABOVE = 20_000;
const DEFER_MS = 250;

/**
 * The Visual tab: TipTap on a schema made from the sanitiser's allowlist
 * (docs/decisions/editorial/visual-editor.md). It edits the form's one `content`, as the HTML tab does:
 * each change is written back as sanitised HTML, and a change made elsewhere (the HTML tab, a restored
 * draft or version, a save) is loaded in without counting as an edit. Opening it changes nothing.
 */
export default function VisualEditor({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  // The HTML this editor last wrote, so that the form echoing it back is not loaded again.
  const written = useRef(value);
  const [initial] = useState(() => docOf(value));
  const pending = useRef<number | undefined>(undefined);
  const write = (e: Editor) => {
    window.clearTimeout(pending.current);
    pending.current = undefined;
    const html = serializeArticleHtml(e.schema, e.state.doc);
    written.current = html;
    onChange(html);
  };
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    // The site's CSP allows no inline style elements; the styles are in visual-editor.module.css.
    injectCSS: false,
    editorProps: {
      attributes: {
        id: "editor-content-visual",
        class: styles.surface ?? "",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": "editor-content-label",
        "data-testid": "visual-editor",
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: e }) => {
      // A long body is written back once typing pauses (or the editor loses focus), not on every key.
      if (e.state.doc.content.size < DEFER_ABOVE) write(e);
      else {
        window.clearTimeout(pending.current);
        pending.current = window.setTimeout(() => write(e), DEFER_MS);
      }
    },
    onBlur: ({ editor: e }) => {
      if (pending.current !== undefined) write(e);
    },
  });

  // Leaving the Visual tab (or the page) with a write still waiting.
  const flush = useRef(() => {});
  flush.current = () => {
    if (pending.current !== undefined && editor) write(editor);
  };
  useEffect(() => () => flush.current(), []);

  useEffect(() => {
    if (!editor || value === written.current) return;
    written.current = value;
    editor.commands.setContent(docOf(value), { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div className={styles.frame}>
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
