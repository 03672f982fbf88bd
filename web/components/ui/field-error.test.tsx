import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FieldError } from "./field-error.tsx";

describe("FieldError", () => {
  it("is a quiet description by default: the field it describes already has focus", () => {
    render(<FieldError id="email-error" message="Enter a valid email" />);
    expect(screen.getByText("Enter a valid email")).toHaveAttribute("id", "email-error");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("is announced with `announce`, for a message that appears away from the focus", () => {
    render(<FieldError announce id="plan-lite-error" message="You already have the Basic plan." />);
    expect(screen.getByRole("alert")).toHaveTextContent("You already have the Basic plan.");
  });

  it("keeps its own look when a caller adds a placement class", () => {
    render(<FieldError id="role-error" message="Not changed" className="roleError" />);
    expect(screen.getByText("Not changed")).toHaveClass("field-error", "roleError");
  });

  it("renders nothing without a message", () => {
    const { container } = render(<FieldError announce id="x-error" message={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
