import cookies from "./content/cookies.md?raw";
import privacy from "./content/privacy.md?raw";
import terms from "./content/terms.md?raw";

export type LegalDocumentId = "privacy" | "terms" | "cookies";

export type LegalDocument = { title: string; updated: string; markdown: string };

/** The legal pages: our own static Markdown, bundled with the page (no request, nothing to fail). */
export const legalDocuments: Record<LegalDocumentId, LegalDocument> = {
  privacy: { title: "Privacy Policy", updated: "2026-11-22", markdown: privacy },
  terms: { title: "Terms of Service", updated: "2026-11-22", markdown: terms },
  cookies: { title: "Cookie Policy", updated: "2026-11-22", markdown: cookies },
};
