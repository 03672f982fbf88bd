import { describe, expect, it } from "vitest";
import { checkClaims, reviewText } from "#worker/lib/grounding/index.ts";
import { ASK_BRIEF, SUITE_BRIEF } from "./brief.ts";

/** The desk's reasons for concrete held drafts: each names its sentence and that sentence's coin, once, with no raw ids. */
describe("held reasons a reader can use", () => {
  it("blames the coins the sentence is about, not the coin the brief is about", () => {
    // An Ask answer about Bitcoin (which fell) with a sentence about two other coins.
    const report = checkClaims("Bitcoin fell {{bitcoin.change_24h}} today.\n\nEthereum and Solana surged.", ASK_BRIEF);
    expect(report.ok).toBe(false);
    const surged = report.reasons.find((r) => r.problem.startsWith('"surged"'));
    expect(surged).toEqual({
      sentence: "Ethereum and Solana surged.",
      coins: ["Ethereum", "Solana"],
      problem: '"surged" speaks of Ethereum and Solana, and the brief has no figures for Ethereum and Solana',
    });
    expect(reviewText(report)).not.toMatch(/says Bitcoin rose/);
    // The first sentence is fine: no reason points at it.
    expect(report.reasons.every((r) => r.sentence !== "Bitcoin fell 2.31% today.")).toBe(true);
  });

  it("reads a clause about a coin outside the brief as about that coin, even beside a brief's coin", () => {
    const report = checkClaims("Bitcoin fell {{bitcoin.change_24h}}, while Solana soared.", SUITE_BRIEF);
    expect(report.problems).toEqual([
      'In "Bitcoin fell 2.31%, while Solana soared." (Bitcoin, Solana): "Solana": a coin that is not in the brief',
      'In "Bitcoin fell 2.31%, while Solana soared." (Bitcoin, Solana): "soared" speaks of Solana, and the brief has no figures for Solana',
    ]);
  });

  it("names the sentence of each problem, in the order of the text, with the coin it follows when it names none", () => {
    const draft = "Zcash climbed {{zcash.change_24h}} today. It then plunged.\n\nEthereum rose {{ethereum.change_24h}}.";
    const report = checkClaims(draft, SUITE_BRIEF);
    expect(report.reasons).toEqual([
      {
        sentence: "It then plunged.",
        coins: ["Zcash"],
        problem: '"plunged" says Zcash fell, but Zcash 24-hour price change is +12.22%',
      },
    ]);
  });

  it("says 'which the data does not show' once", () => {
    const report = checkClaims("Zcash is now part of a programme.", SUITE_BRIEF);
    expect(report.problems).toEqual(['In "Zcash is now part of a programme." (Zcash): "programme": an event the data does not show']);
    expect(reviewText(report)).not.toMatch(/does not show, which the data does not show/);
    const events = checkClaims("Zcash gained after its listing.", SUITE_BRIEF);
    expect(events.reasons.map((r) => r.problem)).toContain('"listing": a listing, which the data does not show');
  });

  it("names a figure by its display text and label, never by its raw {{…}} id", () => {
    const report = checkClaims(
      "Bitcoin traded at {{bitcoin.price}} with {{zcash.change_24h}} gained, and {{bitcoin.made_up}} besides.",
      SUITE_BRIEF,
    );
    const text = reviewText(report);
    expect(text).not.toMatch(/\{\{|\}\}|zcash\.change_24h|bitcoin\.made_up/);
    expect(report.problems).toContain(
      'In "Bitcoin traded at $64,039.00 with 12.22% gained, and [unknown figure] besides." (Bitcoin): "+12.22%": this is Zcash 24-hour price change, but the sentence is about Bitcoin',
    );
    expect(text).toMatch(/A figure reference that cites no fact of this brief/);
    // The per-figure table says which sentence each figure stands in, written as readers see it.
    expect(report.figures.map((f) => f.sentence)).toEqual([
      "Bitcoin traded at $64,039.00 with 12.22% gained, and [unknown figure] besides.",
      "Bitcoin traded at $64,039.00 with 12.22% gained, and [unknown figure] besides.",
      "Bitcoin traded at $64,039.00 with 12.22% gained, and [unknown figure] besides.",
    ]);
  });

  it("gives one reason per problem and sentence, and the same problem in two sentences twice", () => {
    const report = checkClaims("Zcash rose after a listing and another listing. Bitcoin fell after a listing.", SUITE_BRIEF);
    expect(report.problems).toEqual([
      'In "Zcash rose after a listing and another listing." (Zcash): "listing": a listing, which the data does not show',
      'In "Bitcoin fell after a listing." (Bitcoin): "listing": a listing, which the data does not show',
    ]);
  });

  it("quotes a headline or a Markdown line without its marks", () => {
    const report = checkClaims("## Zcash Rockets\n\n- **Zcash**: down {{zcash.change_24h}} today", SUITE_BRIEF);
    expect(report.reasons.map((r) => r.sentence)).toContain("Zcash: down 12.22% today");
  });
});
