import { describe, expect, it } from "vitest";
import { blocksOf, diffLines, fieldDiff } from "./diff.ts";

describe("the restore preview's diff", () => {
  it("reads HTML as blocks of text, a paragraph in a list item with its item", () => {
    expect(blocksOf("<h2>Overview</h2><p>Bitcoin  rose.</p><ul><li><p>One</p></li><li>Two</li></ul><p> </p>")).toEqual([
      "Overview",
      "Bitcoin rose.",
      "One",
      "Two",
    ]);
    expect(blocksOf("plain text only")).toEqual(["plain text only"]);
    expect(blocksOf("")).toEqual([]);
  });

  it("keeps common lines and marks what restoring removes and brings back", () => {
    expect(diffLines(["Intro", "Old middle", "End"], ["Intro", "New middle", "Extra", "End"])).toEqual([
      { kind: "same", text: "Intro" },
      { kind: "added", text: "New middle" },
      { kind: "added", text: "Extra" },
      { kind: "removed", text: "Old middle" },
      { kind: "same", text: "End" },
    ]);
    expect(diffLines(["Same"], ["Same"])).toEqual([{ kind: "same", text: "Same" }]);
    expect(diffLines([], ["New"])).toEqual([{ kind: "added", text: "New" }]);
    expect(diffLines(["Gone"], [])).toEqual([{ kind: "removed", text: "Gone" }]);
  });

  it("compares single fields whole", () => {
    expect(fieldDiff("Title", "Title ")).toEqual([]);
    expect(fieldDiff("New title", "Old title")).toEqual([
      { kind: "removed", text: "New title" },
      { kind: "added", text: "Old title" },
    ]);
  });
});
