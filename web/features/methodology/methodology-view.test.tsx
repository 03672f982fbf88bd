import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "#web/test/render.tsx";
import { MethodologyView } from "./methodology-view.tsx";

describe("MethodologyView", () => {
  it("explains the data, the momentum score, the writers and the checks", () => {
    renderAt(<MethodologyView />);
    expect(screen.getByRole("heading", { level: 1, name: "How our articles are made" })).toBeInTheDocument();
    for (const name of ["The data", "The momentum score", "Who writes", "The checks"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/plus ten points for every halving of its AltRank/)).toBeInTheDocument();
    expect(screen.getByText(/Coinsight sentiment model, estimated from market activity/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/configured|offline mode|API key/);
    // The closed-world rule, in plain words.
    expect(screen.getByText("What the check does not recognise, it holds.")).toBeInTheDocument();
    expect(screen.getByText(/"outperformed" needs the two figures it compares/)).toBeInTheDocument();
    // Meanings, not words: every sentence has a reading, shown with one worked example.
    expect(screen.getByText("Every sentence must have a reading.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "A worked example" })).toBeInTheDocument();
    expect(screen.getByText("[bitcoin.change_24h]")).toBeInTheDocument();
    // Readers never see a raw citation: the example marks the cited fact another way.
    expect(document.body).not.toHaveTextContent("{{");
    expect(document.body).toHaveTextContent('publishes: "Bitcoin fell 1.18% over the past 24 hours."');
  });
});
