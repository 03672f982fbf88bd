import { lazy } from "react";
import { createBrowserRouter } from "react-router";
import { AppShell } from "./layout/app-shell.tsx";

// Every page is its own chunk: the home page loads only what it shows.
const HomePage = lazy(() => import("./routes/home.tsx"));
const MarketsPage = lazy(() => import("./routes/markets.tsx"));
const CoinPage = lazy(() => import("./routes/coin.tsx"));
const AdminPage = lazy(() => import("./routes/admin.tsx"));
const NotFoundPage = lazy(() => import("./routes/not-found.tsx"));

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/markets", element: <MarketsPage /> },
      { path: "/coin/:symbol", element: <CoinPage /> },
      { path: "/admin", element: <AdminPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
