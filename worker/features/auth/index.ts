/** The sign-in feature's public face: its routes, and the plain HTML page frame other features' server pages use. */
export { authRoutes } from "./auth.routes.ts";
export { layout, PAGE_CSP } from "./pages.ts";
