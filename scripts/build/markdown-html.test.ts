/// <reference path="../../web/markdown-html.d.ts" />
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import privacy from "#web/features/legal/content/privacy.md?html";
import { renderStaticMarkdown } from "./markdown-html.ts";

const legalDir = join(import.meta.dirname, "../../web/features/legal/content");

describe("Markdown rendered at build time", () => {
  it("the legal pages' Markdown holds no raw HTML", () => {
    const files = readdirSync(legalDir).filter((f) => f.endsWith(".md"));
    expect(files.length).toBe(3);
    for (const f of files) expect(readFileSync(join(legalDir, f), "utf8")).not.toMatch(/<\/?[a-z][^>]*>/i);
  });

  it("raw HTML in it would be shown as text, never parsed", () => {
    const html = renderStaticMarkdown('Hello <script>alert(1)</script> <img src=x onerror="alert(2)">');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("an `.md?html` import is the file's HTML", () => {
    expect(privacy).toBe(renderStaticMarkdown(readFileSync(join(legalDir, "privacy.md"), "utf8")));
    expect(privacy).toContain("<h2");
  });
});
