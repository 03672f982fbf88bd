import { describe, expect, it } from "vitest";
import { type ClaimInput, checkClaims, heldSentences, writingRules } from "#worker/lib/grounding/index.ts";
import { ASK_BRIEF, SUITE_BRIEF } from "./brief.ts";

const examples = () =>
  writingRules()
    .filter((l) => /^ {2}- .*\{\{/.test(l))
    .map((l) => l.replace(/^ {2}- /, "").replace(/ \(A superlative.*$/, ""));

describe("sentence readings", () => {
  it("reads every sentence, in order, with its frames, claims and verdict, and no raw ids", () => {
    const text =
      "Zcash rose {{zcash.change_24h}} over 24 hours to {{zcash.price}}.\n\nHolders need to keep their Zcash. The data does not say what drove the move.";
    const report = checkClaims(text, SUITE_BRIEF);
    expect(report.readings.map((r) => [r.frame, r.verdict])).toEqual([
      ["move", "ok"],
      ["none", "held"],
      ["hedge", "ok"],
    ]);
    expect(report.readings[0]?.sentence).toBe("Zcash rose 12.22% over 24 hours to $501.63.");
    expect(report.readings[0]?.claims[0]).toMatchObject({ subject: "zcash", kind: "direction", direction: 1, period: "24h" });
    expect(report.readings[1]?.problems.join("\n")).toMatch(/^no reading: this sentence matches none of the frames/);
    expect(report.readings[1]?.coins).toEqual(["Zcash"]);
    expect(JSON.stringify(report.readings)).not.toMatch(/\{\{/);
  });

  it("reads plain forms of free prose: a price 'now' or 'currently' traded at, posts 'about it'", () => {
    for (const [input, text] of [
      [SUITE_BRIEF, "Bitcoin now trades at {{bitcoin.price}}."],
      [SUITE_BRIEF, "Zcash currently trades at {{zcash.price}}."],
      [ASK_BRIEF, "Bitcoin fell {{bitcoin.change_24h}}. There were {{bitcoin.posts_24h}} posts about it in 24 hours."],
    ] as const)
      expect(checkClaims(text, input).problems, text).toEqual([]);
    // The adverb changes no check: a price that is another coin's is still held.
    expect(checkClaims("Bitcoin now trades at {{zcash.price}}.", SUITE_BRIEF).ok).toBe(false);
  });

  it("reads a claim word by its own clause: its coin, its group and its period", () => {
    // Each honest sentence (first) has a twin whose words the figures contradict (second).
    for (const [input, honest, false_] of [
      [
        SUITE_BRIEF,
        "Bitcoin, by contrast, eased to {{bitcoin.price}}, although its week still shows a gain of {{bitcoin.change_7d}}.",
        "Bitcoin, by contrast, rose to {{bitcoin.price}}, although its week still shows a gain of {{bitcoin.change_7d}}.",
      ],
      [
        SUITE_BRIEF,
        "Zcash jumped {{zcash.change_24h}} to {{zcash.price}} on a day when Bitcoin drifted {{bitcoin.change_24h}} lower.",
        "Zcash jumped {{zcash.change_24h}} to {{zcash.price}} on a day when Bitcoin drifted {{bitcoin.change_24h}} higher.",
      ],
      [
        SUITE_BRIEF,
        "Over the week, however, Ethereum is still down {{ethereum.change_7d}}.",
        "Over the week, however, Ethereum is still up {{ethereum.change_7d}}.",
      ],
      [
        ASK_BRIEF,
        "Over the past week it is still up {{bitcoin.change_7d}}, and in the last hour it moved {{bitcoin.change_1h}}.",
        "Over the past week it is still up {{bitcoin.change_7d}}, and in the last hour it moved {{bitcoin.change_24h}}.",
      ],
    ] as const) {
      expect(checkClaims(honest, input).problems, honest).toEqual([]);
      expect(checkClaims(false_, input).ok, false_).toBe(false);
    }
    // A clause that names a group speaks of the group, not of the coin elsewhere in the sentence (a headline cites nothing).
    const groupLines = (text: string) => checkClaims(text, SUITE_BRIEF).problems.filter((p) => /"edges (?:up|down)"/i.test(p));
    expect(groupLines("Bitcoin Dips While the Wider Market Edges Up")).toEqual([]);
    expect(groupLines("Ethereum Gains While the Wider Market Edges Down").join("\n")).toMatch(/says the market fell/);
    // "Drifted" is a small move: a twelve per cent jump is no drift.
    expect(checkClaims("Zcash drifted {{zcash.change_24h}} higher.", SUITE_BRIEF).problems.join("\n")).toMatch(
      /"drifted" describes a small move/,
    );
  });

  it("holds a superlative that names no group, and one whose group is not its list's", () => {
    const input: ClaimInput = SUITE_BRIEF;
    const unscoped = checkClaims("Zcash led the day's gainers, up {{zcash.change_24h}}.", input);
    expect(unscoped.ok).toBe(false);
    // Zcash is first by social posts among the tracked coins; the top 100 is not that list's group.
    expect(checkClaims("Zcash drew the most conversation among the {{scope.tracked}} coins.", input).ok).toBe(true);
    expect(checkClaims("Zcash drew the most conversation among the {{scope.top100}} coins.", input).problems.join("\n")).toMatch(
      /among the top 100, but the coins by social posts are of the tracked coins/,
    );
  });

  it("the prompt's example sentences are read and backed", () => {
    for (const s of examples()) expect(checkClaims(s, SUITE_BRIEF).problems, s).toEqual([]);
  });

  it("offers, for a held sentence, the frame form of each fact it cites, and each form passes", () => {
    for (const [input, text] of [
      [
        SUITE_BRIEF,
        "Zcash, the privacy coin, is having a banner day at {{zcash.price}}, up {{zcash.change_24h}}, with its Galaxy Score at {{zcash.galaxy_score}} from {{zcash.galaxy_score_prev}}.",
      ],
      [
        ASK_BRIEF,
        "Bitcoin has been soft, slipping {{bitcoin.change_24h}} with {{bitcoin.sentiment}} of posts upbeat and {{bitcoin.posts_24h}} posts.",
      ],
    ] as const) {
      const held = heldSentences(text, input);
      expect(held).toHaveLength(1);
      const forms = held[0]?.forms ?? [];
      expect(forms.length).toBeGreaterThanOrEqual(3);
      for (const f of forms) expect(checkClaims(f, input).problems, f).toEqual([]);
    }
  });
});
