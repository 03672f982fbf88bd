import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "#web/test/render.tsx";
import { Header } from "./header.tsx";

describe("Header search", () => {
  it("submits the trimmed, URL-encoded text to /search", () => {
    const { router } = renderAt(<Header />, { path: "*", at: "/markets" });
    const box = screen.getAllByRole("combobox", { name: "Search" })[0] as HTMLInputElement;
    fireEvent.change(box, { target: { value: "  sol & eth " } });
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    expect(router.state.location.pathname).toBe("/search");
    expect(router.state.location.search).toBe("?q=sol%20%26%20eth");
  });

  it("does not submit empty or whitespace-only text", () => {
    const { router } = renderAt(<Header />, { path: "*", at: "/markets" });
    const box = screen.getAllByRole("combobox", { name: "Search" })[0] as HTMLInputElement;
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    expect(router.state.location.pathname).toBe("/markets");
  });

  it("is pre-filled from q on a search route and cleared elsewhere", async () => {
    const { router } = renderAt(<Header />, { path: "*", at: "/search?q=doge%20coin" });
    expect((screen.getAllByRole("combobox")[0] as HTMLInputElement).value).toBe("doge coin");
    await act(() => router.navigate("/markets"));
    await waitFor(() => expect(screen.getAllByRole("combobox")[0]).toHaveValue(""));
  });
});

describe("Header mobile menu", () => {
  it("toggles, and closes on an outside click or when a link is chosen", () => {
    renderAt(
      <div>
        <Header />
        <p>outside</p>
      </div>,
      { path: "*", at: "/" },
    );
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(screen.getByRole("navigation", { name: "Mobile" })).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByText("outside"));
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const mobile = screen.getByRole("navigation", { name: "Mobile" });
    fireEvent.click(mobile.querySelector('a[href="/markets"]') as HTMLAnchorElement);
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
  });

  it("closes after any navigation, not only a click on its own links", async () => {
    const { router } = renderAt(<Header mobileUserArea={<a href="/account">My Account</a>} />, { path: "*", at: "/" });
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(screen.getByRole("navigation", { name: "Mobile" })).toBeInTheDocument();
    await act(() => router.navigate("/markets?tab=watchlist"));
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
  });

  it("closes on Escape and gives focus back to the menu button", () => {
    renderAt(<Header />, { path: "*", at: "/" });
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const link = screen.getByRole("navigation", { name: "Mobile" }).querySelector("a") as HTMLAnchorElement;
    link.focus();
    fireEvent.keyDown(link, { key: "Escape" });
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus();
  });
});
