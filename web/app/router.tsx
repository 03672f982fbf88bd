import { lazy } from "react";
import type { RouteObject } from "react-router";
import { AppShell } from "./layout/app-shell.tsx";
import { RouteError } from "./layout/route-error.tsx";

// Every page is its own chunk: the home page loads only what it shows.
const HomePage = lazy(() => import("./routes/home.tsx"));
const MarketsPage = lazy(() => import("./routes/markets.tsx"));
const CoinPage = lazy(() => import("./routes/coin.tsx"));
const BearInvadersPage = lazy(() => import("./routes/bear-invaders.tsx"));
const NewsPage = lazy(() => import("./routes/news.tsx"));
const CategoryPage = lazy(() => import("./routes/category.tsx"));
// One chunk for both article paths: DOMPurify loads only with it.
const ArticlePage = lazy(() => import("./routes/article.tsx"));
const Crypto101Page = lazy(() => import("./routes/crypto-101.tsx"));
const SearchPage = lazy(() => import("./routes/search.tsx"));
const AccountPage = lazy(() => import("./routes/account.tsx"));
// Stripe.js loads only inside this chunk (and only when the server sells through Stripe).
const SubscribePage = lazy(() => import("./routes/subscribe.tsx"));
const SubscriptionSuccessPage = lazy(() => import("./routes/subscription-success.tsx"));
const UnsubscribePage = lazy(() => import("./routes/unsubscribe.tsx"));
const LegalPage = lazy(() => import("./routes/legal.tsx"));
const MethodologyPage = lazy(() => import("./routes/methodology.tsx"));
const AskPage = lazy(() => import("./routes/ask.tsx"));
const AdminPage = lazy(() => import("./routes/admin.tsx"));
const AdminArticleEditPage = lazy(() => import("./routes/admin-article-edit.tsx"));
const AdminTrashPage = lazy(() => import("./routes/admin-trash.tsx"));
const TagPage = lazy(() => import("./routes/tag.tsx"));
const PreviewPage = lazy(() => import("./routes/preview.tsx"));
const NotFoundPage = lazy(() => import("./routes/not-found.tsx"));

/** The route table: the browser's router (mount.tsx) and the Worker's page renderer (entry-server.tsx) share it. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/markets", element: <MarketsPage /> },
      { path: "/coin/:symbol", element: <CoinPage /> },
      { path: "/bear-invaders", element: <BearInvadersPage /> },
      { path: "/news", element: <NewsPage /> },
      { path: "/search", element: <SearchPage /> },
      { path: "/categories/:slug", element: <CategoryPage /> },
      { path: "/article/:slug", element: <ArticlePage /> },
      { path: "/crypto-101", element: <Crypto101Page /> },
      { path: "/crypto-101/:slug", element: <ArticlePage /> },
      { path: "/tag/:slug", element: <TagPage /> },
      { path: "/preview/:token", element: <PreviewPage /> },
      { path: "/account", element: <AccountPage /> },
      { path: "/subscribe", element: <SubscribePage /> },
      { path: "/subscription-success", element: <SubscriptionSuccessPage /> },
      { path: "/unsubscribe", element: <UnsubscribePage /> },
      { path: "/privacy", element: <LegalPage doc="privacy" /> },
      { path: "/terms", element: <LegalPage doc="terms" /> },
      { path: "/cookies", element: <LegalPage doc="cookies" /> },
      { path: "/methodology", element: <MethodologyPage /> },
      { path: "/ask", element: <AskPage /> },
      { path: "/admin", element: <AdminPage /> },
      { path: "/admin/articles/:id/edit", element: <AdminArticleEditPage /> },
      { path: "/admin/trash", element: <AdminTrashPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
