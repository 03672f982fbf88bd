import { getSchema } from "@tiptap/core";
import { describe, expect, it } from "vitest";
import { parseArticleHtml, serializeArticleHtml } from "./editor-html.ts";
import { allowlistExtensions } from "./editor-schema.ts";
import { GOOGLE_DOCS_CLEAN, GOOGLE_DOCS_HTML, WORD_CLEAN, WORD_HTML } from "./fixtures/paste-samples.ts";
import { cleanPastedHtml } from "./paste-cleanup.ts";

const schema = getSchema(allowlistExtensions());
/** What the editor holds after a paste: the clean-up, then the schema, then the sanitiser on the way out. */
const pasted = (html: string) => serializeArticleHtml(schema, parseArticleHtml(schema, cleanPastedHtml(html)));

describe("paste clean-up", () => {
  it("Google Docs: the bold wrapper is not bold; styled spans become strong and em; headings, lists and links stay", () => {
    const out = pasted(GOOGLE_DOCS_HTML);
    expect(out).toBe(GOOGLE_DOCS_CLEAN);
    expect(out).not.toContain("<b>");
    expect(out).not.toMatch(/style|class|dir=|docs-internal|aria-level|role=/);
  });

  it("Word: no mso styles, o:p or Mso classes; list paragraphs become lists (bulleted, numbered, nested)", () => {
    const out = pasted(WORD_HTML);
    expect(out).toBe(WORD_CLEAN);
    expect(out).not.toMatch(/mso|Mso|o:p|·|SpellE|style/);
  });

  it("keeps a lone styled bold or italic span as emphasis, and drops what is only colour and size", () => {
    expect(
      cleanPastedHtml(
        '<p><span style="font-weight:bold">b</span><span style="font-style:italic">i</span><span style="color:red">c</span></p>',
      ),
    ).toBe("<p><strong>b</strong><em>i</em>c</p>");
    expect(cleanPastedHtml('<p><b style="font-weight:normal">not bold</b> <strong>bold</strong></p>')).toBe(
      "<p>not bold <strong>bold</strong></p>",
    );
  });
});
