import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Editor } from "@tiptap/core";
import { useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { ContentField, type ContentMode } from "./content-field.tsx";
import { IMAGE_INVALID, LINK_INVALID } from "./insert-panel.tsx";

// jsdom lays nothing out; ProseMirror asks where the selection is to scroll it into view.
beforeAll(() => {
  const none = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = none;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Element.prototype.getClientRects = none;
});

/** The form's one `content`, edited by both tabs; `seen` records every value the form was given. */
function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  const [mode, setMode] = useState<ContentMode>("visual");
  return (
    <>
      <ContentField
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
        mode={mode}
        onMode={setMode}
        error={undefined}
      />
      <output data-testid="form-content">{value}</output>
    </>
  );
}

async function open(initial: string) {
  const seen: string[] = [];
  render(<Harness initial={initial} seen={seen} />);
  const surface = await screen.findByTestId("visual-editor");
  // TipTap keeps its instance on the editing element.
  const editor = (surface as HTMLElement & { editor: Editor }).editor;
  return { surface, editor, seen, content: () => screen.getByTestId("form-content").textContent };
}

/** Selects the text `word` inside the editor (by document positions, as a drag would). */
function select(editor: Editor, word: string) {
  let from = -1;
  editor.state.doc.descendants((node, pos) => {
    if (from === -1 && node.isText && node.text?.includes(word)) from = pos + (node.text?.indexOf(word) ?? 0);
  });
  act(() => {
    editor.commands.setTextSelection({ from, to: from + word.length });
  });
}

describe("the Visual tab", () => {
  it("shows no form or button: a smuggled same-origin POST (sign-out, publish) cannot be clicked from it", async () => {
    const { surface } = await open(
      '<form action="/api/logout" method="post"><button>Continue reading</button></form>' +
        '<form action="/api/admin/articles/1/publish" method="post"><input type="submit" value="Publish"></form><p>Body text</p>',
    );
    expect(surface.querySelector("form, button, input, select, textarea")).toBeNull();
    expect(surface).toHaveTextContent("Body text");
  });

  it("holds only the allowlist: no style, class, id, foreign markup or raw-text elements", async () => {
    const { surface } = await open(
      '<p style="position:fixed" class="x" id="y">styled</p><svg><a href="/z"><text>svg</text></a></svg>' +
        "<noscript><b>hidden</b></noscript><details open><summary>s</summary>d</details><table><tr><td>cell</td></tr></table>",
    );
    expect(surface.querySelector("p[style], p[id], svg, noscript")).toBeNull();
    expect(surface).not.toHaveTextContent("hidden");
    expect(surface.querySelector("details summary")).not.toBeNull();
    expect(surface.querySelector("table tbody tr td")?.textContent).toBe("cell");
  });

  it("opening it changes nothing: the form keeps the stored HTML byte for byte", async () => {
    const stored = "<h2>Overview</h2>\n<p>Bitcoin <b>rose</b>.</p>\n";
    const { seen, content } = await open(stored);
    expect(seen).toEqual([]);
    expect(content()).toBe(stored);
  });

  it("applies the toolbar's marks and blocks to the selection, with pressed states, and undoes them", async () => {
    const { editor, content } = await open("<p>Bitcoin rose today</p>");
    select(editor, "rose");
    const bold = screen.getByRole("button", { name: "Bold" });
    expect(bold).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(bold);
    expect(content()).toBe("<p>Bitcoin <strong>rose</strong> today</p>");
    expect(bold).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "Italic" }));
    await userEvent.click(screen.getByRole("button", { name: "Underline" }));
    await userEvent.click(screen.getByRole("button", { name: "Strikethrough" }));
    expect(content()).toBe("<p>Bitcoin <strong><em><u><s>rose</s></u></em></strong> today</p>");

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Text style" }), "h2");
    expect(content()).toBe("<h2>Bitcoin <strong><em><u><s>rose</s></u></em></strong> today</h2>");
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(content()).toBe("<p>Bitcoin <strong><em><u><s>rose</s></u></em></strong> today</p>");
    await userEvent.click(screen.getByRole("button", { name: "Redo" }));
    expect(content()).toMatch(/^<h2>/);
  });

  it("makes lists, quotations, code and rules", async () => {
    const { editor, content } = await open("<p>one</p>");
    select(editor, "one");
    await userEvent.click(screen.getByRole("button", { name: "Bulleted list" }));
    expect(content()).toBe("<ul><li><p>one</p></li></ul>");
    expect(screen.getByRole("button", { name: "Bulleted list" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "Numbered list" }));
    expect(content()).toBe("<ol><li><p>one</p></li></ol>");
    await userEvent.click(screen.getByRole("button", { name: "Numbered list" }));
    expect(content()).toBe("<p>one</p>");
    await userEvent.click(screen.getByRole("button", { name: "Quotation" }));
    expect(content()).toBe("<blockquote><p>one</p></blockquote>");
    await userEvent.click(screen.getByRole("button", { name: "Quotation" }));
    select(editor, "one");
    await userEvent.click(screen.getByRole("button", { name: "Inline code" }));
    expect(content()).toBe("<p><code>one</code></p>");
    await userEvent.click(screen.getByRole("button", { name: "Horizontal rule" }));
    expect(content()).toContain("<hr>");
  });

  it("links the selection only to an address the sanitiser keeps, and inserts an image only with alt text", async () => {
    const { editor, content } = await open("<p>see the report</p>");
    select(editor, "report");
    await userEvent.click(screen.getByRole("button", { name: "Link" }));
    const address = screen.getByLabelText("Link address");
    await userEvent.type(address, "javascript:alert(1)");
    await userEvent.click(screen.getByRole("button", { name: "Apply link" }));
    expect(screen.getByText(LINK_INVALID)).toBeInTheDocument();
    expect(content()).toBe("<p>see the report</p>");
    await userEvent.clear(address);
    await userEvent.type(address, "/news/report");
    await userEvent.click(screen.getByRole("button", { name: "Apply link" }));
    expect(content()).toBe('<p>see the <a href="/news/report">report</a></p>');

    select(editor, "see");
    await userEvent.click(screen.getByRole("button", { name: "Image" }));
    await userEvent.type(screen.getByLabelText("Image address"), "data:image/png;base64,AAAA");
    await userEvent.click(screen.getByRole("button", { name: "Insert image" }));
    expect(screen.getByText(IMAGE_INVALID)).toBeInTheDocument();
    expect(screen.getByText("Describe the image for readers who cannot see it.")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Image address"));
    await userEvent.type(screen.getByLabelText("Image address"), "/images/chart.png");
    await userEvent.type(screen.getByLabelText("Alt text"), "BTC chart");
    await userEvent.click(screen.getByRole("button", { name: "Insert image" }));
    expect(content()).toContain('<img src="/images/chart.png" alt="BTC chart">');
  });

  it("is one toolbar stop: arrow keys move between its controls", async () => {
    await open("<p>x</p>");
    const style = screen.getByRole("combobox", { name: "Text style" });
    expect(style).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("button", { name: "Bold" })).toHaveAttribute("tabindex", "-1");
    style.focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: "Bold" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Bold" })).toHaveAttribute("tabindex", "0");
    expect(style).toHaveAttribute("tabindex", "-1");
    // Undo and Redo have nothing to do yet: End skips them.
    await userEvent.keyboard("{End}");
    expect(screen.getByRole("button", { name: "Image" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    expect(style).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("button", { name: "Image" })).toHaveFocus();
  });

  it("keeps both tabs in step over the form's one content, with the word count under them", async () => {
    const { editor, content } = await open("<p>alpha beta</p>");
    expect(screen.getByTestId("word-count")).toHaveTextContent("2 words · 1 min read");
    await userEvent.click(screen.getByRole("tab", { name: "HTML" }));
    const box = screen.getByRole("textbox", { name: "Content" });
    expect(box).toHaveValue("<p>alpha beta</p>");
    await userEvent.clear(box);
    await userEvent.type(box, "<p>gamma delta epsilon</p>");
    expect(screen.getByTestId("word-count")).toHaveTextContent("3 words · 1 min read");
    await userEvent.click(screen.getByRole("tab", { name: "Visual" }));
    const surface = await screen.findByTestId("visual-editor");
    expect(surface).toHaveTextContent("gamma delta epsilon");
    const again = (surface as HTMLElement & { editor: Editor }).editor;
    expect(again).not.toBe(editor);
    act(() => {
      again.commands.insertContentAt(again.state.doc.content.size - 1, " zeta");
    });
    await waitFor(() => expect(content()).toBe("<p>gamma delta epsilon zeta</p>"));
  });

  it("writes a long body back once typing pauses or the editor loses focus, not on every key", async () => {
    const long = `<p>${"word ".repeat(5000).trim()}</p>`;
    const { editor, seen, content } = await open(long);
    act(() => {
      editor.commands.insertContentAt(1, "Lead. ");
    });
    expect(seen).toEqual([]);
    act(() => {
      editor.commands.insertContentAt(1, "New ");
      editor.view.dom.dispatchEvent(new FocusEvent("blur"));
    });
    await waitFor(() => expect(content()?.startsWith("<p>New Lead. word word")).toBe(true));
    expect(seen).toHaveLength(1);
  });

  it("cleans a Google Docs paste on the way in", async () => {
    const { editor, content } = await open("<p>start</p>");
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
      // jsdom has no ClipboardEvent; ProseMirror only needs an event to hand its handlers.
      const event = new Event("paste") as ClipboardEvent;
      editor.view.pasteHTML(
        '<b style="font-weight:normal" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:700">Up</span> 4%</p></b>',
        event,
      );
    });
    expect(content()).toContain("<strong>Up</strong> 4%");
    expect(content()).not.toMatch(/<b>|docs-internal|dir=/);
  });
});
