import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "#web/test/render.tsx";
import { legalDocuments } from "../documents.ts";
import { LegalDocumentView } from "./legal-document.tsx";

describe("legal pages", () => {
  it.each(Object.entries(legalDocuments))("%s renders its title, date and sections", (id, doc) => {
    renderAt(<LegalDocumentView id={id as keyof typeof legalDocuments} />);
    expect(screen.getByRole("heading", { level: 1, name: doc.title })).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toHaveTextContent(/\d{1,2} \w+ 20\d\d/);
    expect(screen.getAllByRole("heading", { level: 2 }).length).toBeGreaterThan(3);
    expect(screen.getAllByRole("link", { name: "support@coinsight.news" }).length).toBeGreaterThan(0);
  });

  it("the privacy policy states the spec's policies and what the product actually keeps", () => {
    renderAt(<LegalDocumentView id="privacy" />);
    const text = document.body.textContent ?? "";
    expect(text).toContain("Newsletter data is kept until you unsubscribe");
    expect(text).toContain("Analytics data is kept for up to 2 years");
    expect(text).toContain("18 or over");
    for (const fact of ["consent", "HttpOnly", "Stripe customer ID and subscription ID", "local storage", "one-way hash", "watchlist"]) {
      expect(text).toContain(fact);
    }
  });

  it("terms and cookie policy carry the age rule and the strictly-necessary-only statement", () => {
    renderAt(<LegalDocumentView id="terms" />);
    expect(document.body.textContent).toContain("18 or over");
    document.body.innerHTML = "";
    renderAt(<LegalDocumentView id="cookies" />);
    expect(document.body.textContent).toContain("we only use strictly necessary cookies");
    expect(document.body.textContent).toContain("no advertising cookies, no tracking cookies");
  });

  it("links between legal pages stay inside the app", async () => {
    const { router } = renderAt(<LegalDocumentView id="privacy" />, { path: "*", at: "/privacy" });
    const link = screen.getAllByRole("link", { name: "Cookie Policy" })[0] as HTMLAnchorElement;
    link.click();
    expect(router.state.location.pathname).toBe("/cookies");
  });
});
