import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { formatAnswer, safeHref } from "./format-answer.tsx";

function show(text: string) {
  const router = createMemoryRouter([{ path: "*", element: <div data-testid="answer">{formatAnswer(text)}</div> }]);
  const { getByTestId } = render(<RouterProvider router={router} />);
  return getByTestId("answer");
}

describe("formatAnswer", () => {
  it("makes headings, subheadings, bullets, bold and links", () => {
    const el = show(
      [
        "# Big",
        "## About Bitcoin (BTC)",
        "### Small",
        "Bitcoin is **ranked #1** by market cap.",
        "**Supply**",
        "- Circulating: 19.75 million BTC",
        "- Max: **21.00 million**",
        "",
        "Read [the analysis](/article/btc-today) or [CoinGecko](https://www.coingecko.com).",
      ].join("\n"),
    );
    expect(el.querySelector("h3")?.textContent).toBe("Big");
    expect(el.querySelector("h4")?.textContent).toBe("About Bitcoin (BTC)");
    expect(el.querySelector("h5")?.textContent).toBe("Small");
    expect(el.querySelector("p[data-subheading] strong")?.textContent).toBe("Supply");
    expect([...el.querySelectorAll("ul > li")].map((li) => li.textContent)).toEqual([
      "Circulating: 19.75 million BTC",
      "Max: 21.00 million",
    ]);
    expect(el.querySelector("li strong")?.textContent).toBe("21.00 million");
    expect(el.querySelector("p strong")?.textContent).toBe("ranked #1");
    const links = [...el.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/article/btc-today", "https://www.coingecko.com/"]);
    expect(links[1]).toHaveAttribute("rel", "noopener noreferrer nofollow");
    expect(links[1]).toHaveAttribute("target", "_blank");
  });

  it("strips raw HTML and never creates elements from it", () => {
    const el = show(
      [
        '<script>alert("x")</script>Hello',
        '<img src=x onerror="alert(1)">',
        '**<b onclick="alert(2)">bold</b>**',
        '- <iframe src="https://evil.example"></iframe>item',
        '<a href="javascript:alert(3)">click</a>',
        "<!-- comment -->done",
      ].join("\n"),
    );
    for (const tag of ["script", "img", "iframe", "b", "a"]) expect(el.querySelector(tag), tag).toBeNull();
    expect(el.textContent).toContain('alert("x")Hello');
    expect(el.textContent).toContain("bold");
    expect(el.textContent).toContain("item");
    expect(el.textContent).not.toContain("<");
    expect(el.innerHTML).not.toMatch(/onerror|onclick|javascript:/);
  });

  it("shows unsafe link targets as plain text", () => {
    const el = show(
      "[one](javascript:alert(1)) [two](data:text/html,hi) [three](//evil.example/x) [four](/\\evil.example) [five](vbscript:x)",
    );
    expect(el.querySelectorAll("a")).toHaveLength(0);
    expect(el.textContent).toContain("one");
    expect(el.textContent).toContain("three");
    expect(safeHref("/coin/btc")).toEqual({ internal: true, href: "/coin/btc" });
    expect(safeHref("http://example.com/a")).toEqual({ internal: false, href: "http://example.com/a" });
    expect(safeHref("mailto:x@example.com")).toBeNull();
  });

  it("keeps odd Markdown as text: unclosed bold, lone brackets, very long lines", () => {
    const long = "x".repeat(5000);
    const el = show(`**not closed\n[not a link]\n${long}\n#no space heading\n-not a bullet`);
    expect(el.querySelectorAll("strong, a, h3, li")).toHaveLength(0);
    expect(el.textContent).toContain("**not closed");
    expect(el.textContent).toContain(long);
  });
});
