import { useQuery } from "@tanstack/react-query";
import { type FormEvent, Fragment, type ReactNode, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { SEARCH_MAX_LENGTH } from "#schema/contracts/article-rules.ts";
import { ArticleCard, ArticleCardSkeleton } from "#web/components/ui/article-card.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ChangeText } from "#web/components/ui/change-text.tsx";
import { CoinAvatar } from "#web/components/ui/coin-avatar.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { normalizeQuery, searchQuery } from "../api/search.ts";
import styles from "./search.module.css";

/** The matched part of `text` marked, case-insensitively, wherever it occurs. */
export function Highlight({ text, query }: { text: string; query: string }): ReactNode {
  const q = query.toLowerCase();
  if (!q) return text;
  const parts: ReactNode[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(q); at !== -1; at = lower.indexOf(q, from)) {
    parts.push(<Fragment key={`t${from}`}>{text.slice(from, at)}</Fragment>, <mark key={`m${at}`}>{text.slice(at, at + q.length)}</mark>);
    from = at + q.length;
  }
  parts.push(<Fragment key={`t${from}`}>{text.slice(from)}</Fragment>);
  return parts;
}

function SearchForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  useEffect(() => setText(initial), [initial]);
  function submit(e: FormEvent) {
    e.preventDefault();
    const q = text.trim();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  }
  return (
    <search>
      <form className={styles.form} onSubmit={submit} aria-label="Search coins and articles">
        <input
          type="search"
          className="input"
          aria-label="Search coins and articles"
          placeholder="Search for news, coins, topics..."
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
    </search>
  );
}

function Results({ q }: { q: string }) {
  const { data, isLoading, isError } = useQuery(searchQuery(q));
  if (isLoading)
    return (
      <div className="stack" role="status" aria-busy="true" aria-label="Searching">
        <Skeleton width={200} height={24} />
        <Skeleton height={48} />
        <Skeleton height={48} />
        <Skeleton width={160} height={24} />
        <ArticleCardSkeleton variant="row" />
        <ArticleCardSkeleton variant="row" />
      </div>
    );
  if (isError || !data) return <Notice tone="error">Search failed. Please try again.</Notice>;
  if (data.counts.cryptos === 0 && data.counts.articles === 0) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>No results found</p>
        <p className="muted">
          Nothing matches "{q}". Try a coin's name or ticker (like "bitcoin" or "ETH"), or a shorter word. Or browse the{" "}
          <Link to="/markets">Top 500</Link> and the <Link to="/crypto-101">Crypto 101 guides</Link>.
        </p>
      </div>
    );
  }
  return (
    <div className={styles.results}>
      <section aria-labelledby="coins-title">
        <h2 id="coins-title" className={styles.sectionTitle}>
          Cryptocurrencies <span className={styles.count}>({data.counts.cryptos})</span>
        </h2>
        {data.cryptos.length === 0 ? (
          <p className="muted">No cryptocurrencies match "{q}".</p>
        ) : (
          <ul className={styles.coins}>
            {data.cryptos.map((coin) => (
              <li key={coin.id}>
                <Link to={`/coin/${coin.symbol.toLowerCase()}`} className={styles.coin}>
                  <CoinAvatar symbol={coin.symbol} imageUrl={coin.imageUrl} size={28} />
                  <span className={styles.coinName}>
                    <Highlight text={coin.name} query={q} /> <span className={styles.symbol}>{coin.symbol}</span>
                  </span>
                  <span className={styles.rank}>#{coin.rank}</span>
                  <span className="num">{coin.price}</span>
                  <ChangeText value={coin.price24h} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {data.counts.cryptos > data.cryptos.length ? (
          <p className={styles.more}>
            Showing the first {data.cryptos.length} of {data.counts.cryptos}.
          </p>
        ) : null}
      </section>
      <section aria-labelledby="articles-title">
        <h2 id="articles-title" className={styles.sectionTitle}>
          Articles{" "}
          <span className={styles.count}>
            ({data.counts.articles}
            {data.counts.articlesCapped ? "+" : ""})
          </span>
        </h2>
        {data.articles.length === 0 ? (
          <p className="muted">No articles match "{q}".</p>
        ) : (
          <ul className={styles.articles}>
            {data.articles.map((a) => (
              <li key={a.id}>
                <ArticleCard
                  article={a}
                  variant="row"
                  title={<Highlight text={a.title} query={q} />}
                  excerpt={<Highlight text={a.excerpt} query={q} />}
                />
              </li>
            ))}
          </ul>
        )}
        {data.counts.articles > data.articles.length ? (
          <p className={styles.more}>
            Showing the best {data.articles.length} of {data.counts.articles}
            {data.counts.articlesCapped ? "+" : ""}. Add a word to narrow the search.
          </p>
        ) : null}
      </section>
    </div>
  );
}

/** /search?q=: coins and articles matching q, or a prompt when there is no query. */
export function SearchView() {
  const [params] = useSearchParams();
  const raw = params.get("q") ?? "";
  const q = normalizeQuery(raw);
  useDocumentTitle(q ? `Search: ${q}` : "Search");
  return (
    <div className="container page">
      <h1 className="page-title">{q ? <>Results for "{q}"</> : "Search"}</h1>
      <SearchForm initial={raw.trim()} />
      {q ? (
        <Results q={q} />
      ) : (
        <div className={styles.prompt}>
          <p className={styles.emptyTitle}>What are you looking for?</p>
          <p className="muted">Search coins by name or ticker, and articles and guides by any word in their title or text.</p>
        </div>
      )}
    </div>
  );
}
