import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ContentField } from "./content-field.tsx";

function preview(value: string): HTMLElement {
  render(<ContentField value={value} onChange={() => {}} mode="visual" onMode={() => {}} error={undefined} />);
  return screen.getByTestId("visual-preview");
}

describe("the Visual tab", () => {
  it("renders no form or button: a smuggled same-origin POST (sign-out, publish) cannot be clicked from the preview", () => {
    const box = preview(
      '<form action="/api/logout" method="post"><button>Continue reading</button></form>' +
        '<form action="/api/admin/articles/1/publish" method="post"><input type="submit" value="Publish"></form><p>Body text</p>',
    );
    expect(box.querySelector("form, button, input, select, textarea")).toBeNull();
    expect(box).toHaveTextContent("Body text");
  });

  it("uses the reader's allowlist: no style, class, id, foreign markup or raw-text elements", () => {
    const box = preview(
      '<p style="position:fixed" class="x" id="y">styled</p><svg><a href="/z"><text>svg</text></a></svg>' +
        "<noscript><b>hidden</b></noscript><details open><summary>s</summary>d</details><table><tr><td>cell</td></tr></table>",
    );
    expect(box.querySelector("[style], [class], [id], svg, noscript")).toBeNull();
    expect(box).not.toHaveTextContent("hidden");
    expect(box.querySelector("details summary")).not.toBeNull();
    expect(box.querySelector("table tbody tr td")?.textContent).toBe("cell");
  });
});
