import { render } from "@testing-library/react";
import type { HttpHandler } from "msw";
import { vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { Category } from "#schema/contracts/article.ts";
import type { EditableArticle } from "#schema/contracts/editorial.ts";
import AdminArticleEditPage from "#web/app/routes/admin-article-edit.tsx";
import { Toaster } from "#web/components/ui/toast.tsx";
import { authMocks, makeUser } from "./auth-fixtures.ts";
import { mock, server } from "./msw.ts";
import { renderAt } from "./render.tsx";

/**
 * An admin editing `article` in the article editor, with its categories; `handlers` answer the rest
 * (and win over these). `go` is the editor's navigation, `view` the rendered page.
 */
export function openArticleEditor(article: EditableArticle, categories: Category[], ...handlers: HttpHandler[]) {
  server.use(
    ...authMocks(makeUser({ role: "admin" })),
    mock(apiContract.listCategories, categories),
    mock(apiContract.getEditableArticle, article),
    mock(apiContract.getArticleSchedule, { schedule: null }),
    // Autosave: no draft waiting, and each autosave stored as sent.
    mock(apiContract.getArticleDraft, { draft: null }),
    mock(apiContract.saveArticleDraft, ({ body }) => ({ ...body, savedAt: new Date().toISOString() })),
    mock(apiContract.deleteArticleDraft, { success: true, message: "Draft discarded" }),
  );
  server.use(...handlers);
  render(<Toaster />);
  const go = vi.fn();
  const view = renderAt(<AdminArticleEditPage go={go} />, {
    path: "/admin/articles/:id/edit",
    at: `/admin/articles/${article.id}/edit`,
    routes: [{ path: "/admin", element: <p>Admin panel</p> }],
  });
  return { go, view };
}
