import { describe, expect, it } from "vitest";
import { replaceTags } from "#schema/contracts/html-text.ts";
import { scriptJson } from "./html.ts";

describe("replaceTags", () => {
  it.each(["", "plain text", "<p>a</p><br>b", "a < b > c", "<<p>>", "x <a no close", "<a><b <c", "<p title='>'>t</p>", "> < > <"])(
    "replaces what /<[^>]*>/g replaces in %j",
    (html) => {
      expect(replaceTags(html, "|")).toBe(html.replace(/<[^>]*>/g, "|"));
    },
  );
});

describe("scriptJson", () => {
  it("writes no character that could end the script or its string, and reads back as the same value", () => {
    const value = { html: "</script><script>alert(1)</script>", lines: "a\u2028b\u2029c", nested: ["<!--", 1, null] };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(json).toContain("\\u003c/script>");
    expect(JSON.parse(json)).toEqual(value);
  });
});
