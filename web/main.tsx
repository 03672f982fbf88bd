import "./lib/zod-config.ts";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { router } from "./app/router.tsx";
import "./styles/global.css";

// Unhandled errors are only logged (spec); React Query and the pages show their own error states.
window.addEventListener("unhandledrejection", (e) => console.error("Unhandled rejection:", e.reason));

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// A transition: React renders the first screen in slices and lets the browser breathe between them,
// instead of one long task while a phone parses the page.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
