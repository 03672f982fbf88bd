import { Link } from "react-router";
import type { Article, Source } from "#schema/contracts/article.ts";
import { dataTime, METHODOLOGY_PATH, provenanceOf } from "#schema/contracts/provenance.ts";
import styles from "./article.module.css";

function SourceName({ source }: { source: Source }) {
  return source.url && /^https?:\/\//.test(source.url) ? (
    <a href={source.url} target="_blank" rel="noopener noreferrer nofollow">
      {source.name}
    </a>
  ) : (
    source.name
  );
}

/** The byline of a generated article: who wrote it, how, and how old its data is. */
export function GeneratedByline({ article }: { article: Article }) {
  const p = provenanceOf(article.sources);
  return (
    <div className={styles.byline} data-testid="article-byline">
      <p>
        <strong>{article.byline ?? p.byline}</strong>
        {p.production ? <span className={styles.production}> · {p.production}</span> : null}
      </p>
      <p className={styles.dataTimes}>
        {p.market?.asOf ? <span>Market data as of {dataTime(p.market.asOf)}</span> : null}
        {p.social?.asOf ? <span>Social data as of {dataTime(p.social.asOf)}</span> : null}
        <Link to={METHODOLOGY_PATH}>How this article was made</Link>
      </p>
    </div>
  );
}

/** The closing note of a generated article: what it is, and where every figure came from (its stored sources only). */
export function DisclaimerAndCredits({ article }: { article: Article }) {
  const p = provenanceOf(article.sources);
  const writer = article.sources.find((s) => s.role === "writer");
  const made =
    writer?.kind === "ai"
      ? "This article was written by an AI model from market and social-sentiment data, and every figure in it was checked against that data before publication."
      : writer?.kind === "template"
        ? "This article was written from market and social-sentiment data by Coinsight's template writer."
        : "This article was generated from market and social-sentiment data.";
  const roles: [string, Source | null][] = [
    ["Market data", p.market],
    ["Social data", p.social],
  ];
  return (
    <aside className={styles.disclaimer} aria-label="Disclaimer and credits">
      <p>
        <strong>Disclaimer:</strong> {made} It is for information only and is not financial advice. Crypto assets are volatile and you can
        lose money: do your own research.
      </p>
      <p className={styles.credits}>
        <strong>Credits:</strong>{" "}
        {roles
          .filter((r): r is [string, Source] => r[1] !== null)
          .map(([label, source], i) => (
            <span key={label}>
              {i > 0 ? "; " : ""}
              {label}: <SourceName source={source} />
              {source.asOf ? ` (as of ${dataTime(source.asOf)})` : ""}
            </span>
          ))}
        {p.market || p.social ? ". " : ""}
        <Link to={METHODOLOGY_PATH}>Methodology</Link>.
      </p>
    </aside>
  );
}
