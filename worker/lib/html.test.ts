import { describe, expect, it } from "vitest";
import { replaceTags } from "#schema/contracts/html-text.ts";

describe("replaceTags", () => {
  it.each(["", "plain text", "<p>a</p><br>b", "a < b > c", "<<p>>", "x <a no close", "<a><b <c", "<p title='>'>t</p>", "> < > <"])(
    "replaces what /<[^>]*>/g replaces in %j",
    (html) => {
      expect(replaceTags(html, "|")).toBe(html.replace(/<[^>]*>/g, "|"));
    },
  );
});
