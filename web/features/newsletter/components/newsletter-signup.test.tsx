import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "#web/test/render.tsx";
import { FooterNewsletter, NEWSLETTER_BOX_ID, NewsletterBox } from "./newsletter-signup.tsx";

function page() {
  return (
    <>
      <NewsletterBox />
      <FooterNewsletter />
    </>
  );
}

describe("newsletter signup placement", () => {
  it("on home the form appears once: the footer links to the sidebar box instead", () => {
    renderAt(page(), { path: "/" });
    expect(screen.getAllByLabelText("Email address")).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Sign up for the newsletter" })).toHaveAttribute("href", `#${NEWSLETTER_BOX_ID}`);
    expect(document.getElementById(NEWSLETTER_BOX_ID)).toContainElement(screen.getByLabelText("Email address"));
  });

  it("elsewhere the footer has the form", () => {
    renderAt(<FooterNewsletter />, { path: "/markets" });
    expect(screen.getByLabelText("Email address")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sign up for the newsletter" })).toBeNull();
  });
});
