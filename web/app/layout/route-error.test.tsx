import { fireEvent, render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RELOAD_MARK, RouteError } from "./route-error.tsx";

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

function Boom(): never {
  throw new Error("render failed: cannot read properties of undefined");
}

function renderWith(element: React.ReactElement, reload: () => void) {
  const router = createMemoryRouter(
    [{ path: "/", errorElement: <RouteError reload={reload} />, element: <Suspense fallback={<p>Loading</p>}>{element}</Suspense> }],
    { initialEntries: ["/markets"].map(() => "/") },
  );
  return render(<RouterProvider router={router} />);
}

const missingChunk = () =>
  lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/markets-abc123.js")));

describe("the app's route error element", () => {
  it("a render error shows a friendly message, not React Router's developer screen", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    renderWith(<Boom />, reload);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(screen.queryByText(/cannot read properties/)).toBeNull();
    expect(screen.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    expect(reload).not.toHaveBeenCalled();
  });

  it("a chunk that is gone after a deploy reloads the page once", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    const Page = missingChunk();
    renderWith(<Page />, reload);
    await screen.findByRole("heading", { name: "Coinsight has been updated" });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOAD_MARK)).not.toBeNull();
  });

  it("does not reload again when the reload did not help, and offers a button instead", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    const Page = missingChunk();
    renderWith(<Page />, reload);
    await screen.findByRole("heading", { name: "Coinsight has been updated" });
    const Again = missingChunk();
    renderWith(<Again />, reload);
    await screen.findAllByRole("heading", { name: "Coinsight has been updated" });
    expect(reload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getAllByRole("button", { name: "Reload the page" }).at(-1) as HTMLElement);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe("the app's router", () => {
  it("has the error element on its root route", async () => {
    const { routes } = await import("#web/app/router.tsx");
    expect(routes[0]?.errorElement).toBeTruthy();
  });
});
