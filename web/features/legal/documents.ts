import cookies from "./content/cookies.md?html";
import privacy from "./content/privacy.md?html";
import terms from "./content/terms.md?html";

export type LegalDocumentId = "privacy" | "terms" | "cookies";

export type LegalDocument = { title: string; updated: string; html: string };

/** The legal pages: our own static Markdown, rendered at build time and bundled with the page (no request, nothing to fail). */
export const legalDocuments: Record<LegalDocumentId, LegalDocument> = {
  privacy: { title: "Privacy Policy", updated: "2026-11-22", html: privacy },
  terms: { title: "Terms of Service", updated: "2026-11-22", html: terms },
  cookies: { title: "Cookie Policy", updated: "2026-11-22", html: cookies },
};
