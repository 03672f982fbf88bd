import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import prose from "#web/components/ui/prose.module.css";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { longDay } from "#web/lib/format.ts";
import { type LegalDocumentId, legalDocuments } from "../documents.ts";
import styles from "./legal.module.css";

const ORDER: LegalDocumentId[] = ["privacy", "terms", "cookies"];

export function LegalDocumentView({ id }: { id: LegalDocumentId }) {
  const doc = legalDocuments[id];
  useDocumentTitle(doc.title);
  const navigate = useNavigate();

  // Links between our own pages stay inside the app instead of reloading it.
  function onClick(e: MouseEvent<HTMLDivElement>) {
    const link = (e.target as HTMLElement).closest("a");
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//") || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  }

  return (
    <article className={styles.page} aria-labelledby="legal-title">
      <header className={styles.header}>
        <h1 id="legal-title">{doc.title}</h1>
        <p className="muted">
          Last updated <time dateTime={doc.updated}>{longDay(doc.updated)}</time>
        </p>
      </header>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside; the links stay keyboard-reachable */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: same */}
      <div
        className={prose.prose}
        onClick={onClick}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own static Markdown, rendered at build time with raw HTML escaped (scripts/build/markdown-html.ts)
        dangerouslySetInnerHTML={{ __html: doc.html }}
      />
      <nav className={styles.related} aria-label="Legal documents">
        {ORDER.filter((other) => other !== id).map((other) => (
          <Link key={other} to={`/${other}`}>
            {legalDocuments[other].title}
          </Link>
        ))}
      </nav>
    </article>
  );
}
