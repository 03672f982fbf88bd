import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { authMocks, makeUser } from "#web/test/auth-fixtures.ts";
import { makeArticle } from "#web/test/fixtures.ts";
import { calls, errorResponse, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import PreviewPage, { PREVIEW_DENIED_TEXT } from "./preview.tsx";

const token = "b".repeat(32);
const openPreview = () => {
  const go = vi.fn();
  renderAt(<PreviewPage go={go} />, { path: "/preview/:token", at: `/preview/${token}` });
  return go;
};

describe("/preview/{token}", () => {
  it("shows an admin the unsaved article as readers would see it, marked as a preview", async () => {
    const article = makeArticle({
      title: "Unsaved headline",
      tags: [{ slug: "macro", name: "Macro" }],
      byline: "Ana Ruiz",
      categoryId: 20,
    });
    server.use(...authMocks(makeUser({ role: "admin" })), mock(apiContract.getArticlePreview, article));
    openPreview();
    expect(await screen.findByRole("heading", { level: 1, name: "Unsaved headline" })).toBeInTheDocument();
    expect(screen.getByRole("note", { name: "Preview" })).toHaveTextContent("Preview of unsaved changes");
    expect(screen.getByRole("link", { name: "Macro" })).toHaveAttribute("href", "/tag/macro");
    // Not on the site yet: no related reading is asked for.
    expect(calls.some((c) => c.operation === "listRelatedArticles")).toBe(false);
  });

  it("shows a member nothing of it, and never asks for it", async () => {
    server.use(...authMocks(makeUser({ role: "user" })));
    openPreview();
    expect(await screen.findByText(PREVIEW_DENIED_TEXT)).toBeInTheDocument();
    expect(calls.some((c) => c.operation === "getArticlePreview")).toBe(false);
  });

  it("shows a guest nothing of it either", async () => {
    server.use(...authMocks(null));
    openPreview();
    expect(await screen.findByText(PREVIEW_DENIED_TEXT)).toBeInTheDocument();
    expect(calls.some((c) => c.operation === "getArticlePreview")).toBe(false);
  });

  it("an expired preview says how to get a new one", async () => {
    server.use(
      ...authMocks(makeUser({ role: "admin" })),
      mock(apiContract.getArticlePreview, errorResponse(404, "NOT_FOUND", "gone"), { status: 404 }),
    );
    openPreview();
    expect(await screen.findByText("This preview has expired or does not exist. Preview again from the editor.")).toBeInTheDocument();
  });
});
