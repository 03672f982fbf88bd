import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo, useRef, useState } from "react";
import type { ArticleSummary } from "#schema/contracts/article.ts";
import { CATEGORY } from "#schema/contracts/article-rules.ts";
import { ArticleCard, ArticleCardSkeleton } from "#web/components/ui/article-card.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { guidesQuery } from "#web/lib/guides-query.ts";
import styles from "./crypto-101.module.css";

/** Guides shown before the list is expanded (public-site.md §9). */
export const DEFAULT_SHOWN = 6;

export const GUIDE_CARDS = [
  { id: CATEGORY.gettingStarted, name: "Getting Started", blurb: "What crypto is, wallets, and buying safely.", cover: "getting-started" },
  { id: CATEGORY.securitySafety, name: "Security & Safety", blurb: "Protect your keys and spot scams.", cover: "security-safety" },
  { id: CATEGORY.tradingInvesting, name: "Trading & Investing", blurb: "Charts, risk and long-term thinking.", cover: "trading-investing" },
  { id: CATEGORY.advancedTopics, name: "Advanced Topics", blurb: "DeFi, scaling and on-chain analysis.", cover: "advanced-topics" },
] as const;

export function matchesSearch(guide: ArticleSummary, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || guide.title.toLowerCase().includes(q) || guide.excerpt.toLowerCase().includes(q);
}

/** The toggle's text: collapsed it offers everything in view, expanded it offers less. */
export function toggleLabel(expanded: boolean, narrowed: boolean, count: number): string {
  if (expanded) return "Show Less";
  return narrowed ? `Show All ${count} Articles` : `View All ${count} Guides`;
}

function GuideGrid({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className={styles.grid} {...(busy ? { role: "status", "aria-busy": true, "aria-label": "Loading guides" } : {})}>
      {children}
    </div>
  );
}

export function Crypto101View() {
  const { data: guides, isLoading, isError } = useQuery(guidesQuery());
  const [filter, setFilter] = useState<number | null>(null);
  const [search, setSearch] = useState("");
  const [expanded, setExpanded] = useState(false);
  const listRef = useRef<HTMLElement>(null);

  const counts = useMemo(() => {
    const byCategory = new Map<number, number>();
    for (const g of guides ?? []) byCategory.set(g.categoryId, (byCategory.get(g.categoryId) ?? 0) + 1);
    return byCategory;
  }, [guides]);

  const filtered = (guides ?? []).filter((g) => (filter === null || g.categoryId === filter) && matchesSearch(g, search));
  const shown = expanded ? filtered : filtered.slice(0, DEFAULT_SHOWN);
  const narrowed = filter !== null || search.trim() !== "";
  const activeCard = GUIDE_CARDS.find((c) => c.id === filter);

  function chooseCard(id: number) {
    setFilter(id);
    setSearch("");
    setExpanded(true);
    listRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  function clearFilters() {
    setFilter(null);
    setSearch("");
  }

  function onSearch(text: string) {
    setSearch(text);
    if (text.trim()) setExpanded(true);
  }

  return (
    <>
      <section aria-label="Guide categories" className={styles.cards}>
        {GUIDE_CARDS.map((card) => (
          <button
            key={card.id}
            type="button"
            className={styles.categoryCard}
            aria-pressed={filter === card.id}
            onClick={() => chooseCard(card.id)}
          >
            <img src={`/images/covers/${card.cover}.svg`} alt="" width={1200} height={630} className={styles.cardArt} />
            <span className={styles.cardName}>{card.name}</span>
            <span className={styles.cardBlurb}>{card.blurb}</span>
            {/* The line is there while loading too, so the cards keep their height when the counts arrive. */}
            <span className={styles.cardCount}>
              {guides ? `${counts.get(card.id) ?? 0} ${counts.get(card.id) === 1 ? "guide" : "guides"}` : "\u00a0"}
            </span>
          </button>
        ))}
      </section>

      <section ref={listRef} aria-labelledby="guides-list-title" className={styles.list}>
        <div className={styles.listHead}>
          <h2 id="guides-list-title">{activeCard ? activeCard.name : "All Guides"}</h2>
          <div className={styles.tools}>
            {guides && guides.length > DEFAULT_SHOWN ? (
              <input
                type="search"
                className={`input ${styles.search}`}
                placeholder="Search guides..."
                aria-label="Search guides"
                value={search}
                maxLength={100}
                onChange={(e) => onSearch(e.target.value)}
              />
            ) : null}
            {narrowed ? (
              <button type="button" className={styles.clear} onClick={clearFilters}>
                Clear filters
              </button>
            ) : null}
          </div>
        </div>

        {isLoading ? (
          <GuideGrid busy>
            {Array.from({ length: DEFAULT_SHOWN }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <ArticleCardSkeleton key={i} />
            ))}
          </GuideGrid>
        ) : isError || !guides ? (
          <Notice tone="error">Failed to load guides. Please try again later.</Notice>
        ) : guides.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>Crypto 101 guides coming soon!</p>
            <p className="muted">No Crypto 101 guides found</p>
          </div>
        ) : filtered.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>No guides found</p>
            <Button
              variant="outline"
              onClick={() => {
                clearFilters();
                setExpanded(true);
              }}
            >
              Clear search and show all guides
            </Button>
          </div>
        ) : (
          <>
            <GuideGrid>
              {shown.map((g, i) => (
                // The first row is on screen at once (on a phone its first card is the largest image): no lazy wait.
                <ArticleCard key={g.id} article={g} dateStyle="date" eager={i < 3} />
              ))}
            </GuideGrid>
            {filtered.length > DEFAULT_SHOWN ? (
              <div className={styles.toggleRow}>
                <Button variant="outline" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
                  {toggleLabel(expanded, narrowed, filtered.length)}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
