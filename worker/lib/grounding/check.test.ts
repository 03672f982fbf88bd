import { describe, expect, it } from "vitest";
import { type ClaimInput, checkClaims, facts, renderClaims } from "./index.ts";

/** A brief about coins whose own names are ordinary words or look like events: "Four" and "Aethir (ATH)". */
const brief = (id: string, name: string, symbol: string): ClaimInput => ({
  entities: [{ id, name, symbol }],
  facts: [
    facts.price(`${id}.price`, `${name} price (USD)`, 0.61, { subject: id }),
    facts.range(`${id}.range_7d`, `${name} price range over the next 7 days`, "$0.55 to $0.68 over the next 7 days", { subject: id }),
    facts.text("scope.top100", "The 100 largest coins by market cap", "top 100"),
  ],
});

describe("the claim check and the brief's own coins", () => {
  it("reads the brief's own coin names as names, not as numbers or events", () => {
    expect(checkClaims("Four (FORM) trades at {{four.price}}.", brief("four", "Four", "FORM")).problems).toEqual([]);
    expect(checkClaims("Aethir (ATH) trades at {{aethir.price}}.", brief("aethir", "Aethir", "ATH")).problems).toEqual([]);
    // The same words in a brief about another coin are still caught.
    expect(checkClaims("Four trades at {{four.price}}, near its ATH.", brief("four", "Four", "FORM")).problems.join("\n")).toMatch(
      /"ATH": a record/,
    );
    const input = brief("aethir", "Aethir", "ATH");
    expect(checkClaims("Aethir trades at {{aethir.price}} after four days.", input).problems.join("\n")).toMatch(/number spelled out/);
    expect(checkClaims("Aethir trades at {{aethir.price}}; Four (FORM) does not.", input).problems.join("\n")).toMatch(
      /"Four": a coin that is not in the brief/,
    );
  });

  it("reads 'would' as a word, not as the coin of that name", () => {
    const input = brief("four", "Four", "FORM");
    expect(checkClaims("Four would trade inside {{four.range_7d}} about two times in three.", input).reasons.map((r) => r.problem)).toEqual(
      ['"two": a number spelled out, not a fact reference', '"three": a number spelled out, not a fact reference'],
    );
    expect(checkClaims("If it kept moving the way it has, its price would stay inside {{four.range_7d}}.", input).ok).toBe(true);
  });

  it("a fixed text may belong to a coin; without a subject it is nobody's figure", () => {
    const input = brief("four", "Four", "FORM");
    expect(renderClaims("Four's range is {{four.range_7d}}.", input)).toBe("Four's range is $0.55 to $0.68 over the next 7 days.");
    expect(checkClaims("Four's range is {{four.range_7d}}.", input).ok).toBe(true);
    expect(checkClaims("Four's place in the {{scope.top100}} coins.", input).problems.join("\n")).toMatch(/not a figure of Four/);
  });
});
