import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ArticleSummary } from "#schema/contracts/article.ts";
import { articlePath } from "#schema/contracts/article-rules.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { CoinAvatar } from "#web/components/ui/coin-avatar.tsx";
import { normalizeQuery, SUGGESTION_LIMIT, SUGGESTION_MIN_LENGTH, suggestionsQuery } from "#web/features/search/api/search.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import styles from "./search-box.module.css";

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
export const SUGGEST_DELAY_MS = 180;

type Suggestion = { kind: "coin"; href: string; coin: Crypto } | { kind: "article"; href: string; article: ArticleSummary };

/** Coins first, then articles, at most SUGGESTION_LIMIT of each. */
function toSuggestions(cryptos: readonly Crypto[], articles: readonly ArticleSummary[]): Suggestion[] {
  return [
    ...cryptos.slice(0, SUGGESTION_LIMIT).map((coin) => ({ kind: "coin" as const, href: `/coin/${coin.symbol.toLowerCase()}`, coin })),
    ...articles.slice(0, SUGGESTION_LIMIT).map((article) => ({ kind: "article" as const, href: articlePath(article), article })),
  ];
}

function SuggestionContent({ s }: { s: Suggestion }) {
  if (s.kind === "coin") {
    return (
      <>
        <CoinAvatar symbol={s.coin.symbol} imageUrl={s.coin.imageUrl} size={22} />
        <span className={styles.main}>{s.coin.name}</span>
        <span className={styles.aside}>{s.coin.symbol}</span>
      </>
    );
  }
  return (
    <>
      <span className={styles.main}>{s.article.title}</span>
      <span className={styles.aside}>{s.article.categoryName}</span>
    </>
  );
}

/** A labelled group of the listbox; nothing when it has no options. */
function OptionGroup({ id, label, children }: { id: string; label: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: inside a listbox the ARIA pattern needs role=group (a fieldset is for form controls)
    <div role="group" aria-labelledby={id}>
      <div id={id} role="presentation" className={styles.groupLabel}>
        {label}
      </div>
      {children}
    </div>
  );
}

/**
 * The header search (public-site.md §2): Enter submits the trimmed text to /search, blanks are
 * never submitted, and the box mirrors q on /search. While the reader types, it suggests coins,
 * then articles, from /api/search after a short pause: an ARIA 1.2 combobox with a listbox popup
 * (arrow keys move through the suggestions, Enter opens the chosen one, Escape closes the list).
 */
export function SearchBox({ className, onSubmitted }: { className?: string; onSubmitted?: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const onSearch = location.pathname === "/search";
    setText(onSearch ? (new URLSearchParams(location.search).get("q") ?? "") : "");
    setOpen(false);
    setActive(-1);
  }, [location.pathname, location.search]);

  const typed = normalizeQuery(text);
  const q = normalizeQuery(useDebounced(text, SUGGEST_DELAY_MS));
  const { data } = useQuery(suggestionsQuery(q));
  const suggestions = useMemo(() => (data ? toSuggestions(data.cryptos, data.articles) : []), [data]);
  const visible = open && [...typed].length >= SUGGESTION_MIN_LENGTH && suggestions.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function go(href: string) {
    close();
    navigate(href);
    onSubmitted?.();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!typed) return;
    close();
    navigate(`/search?q=${encodeURIComponent(text.trim())}`);
    onSubmitted?.();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (count === 0 || [...typed].length < SUGGESTION_MIN_LENGTH) return;
      e.preventDefault();
      const down = e.key === "ArrowDown";
      if (!visible) {
        setOpen(true);
        setActive(down ? 0 : count - 1);
        return;
      }
      setActive((i) => (down ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
    } else if (e.key === "Enter" && visible && active >= 0) {
      const chosen = suggestions[active];
      if (!chosen) return;
      e.preventDefault();
      go(chosen.href);
    } else if (e.key === "Escape" && visible) {
      // Only the list closes; the header's mobile menu sees the event as handled.
      e.preventDefault();
      close();
    }
  }

  const coins = suggestions.filter((s) => s.kind === "coin");
  const articles = suggestions.filter((s) => s.kind === "article");
  const renderOption = (s: Suggestion, index: number) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keyboard (aria-activedescendant)
    <div
      key={s.href}
      id={optionId(index)}
      role="option"
      tabIndex={-1}
      aria-selected={index === active}
      className={styles.option}
      // Keeps the focus in the input, so the list does not close before the click lands.
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={() => setActive(index)}
      onClick={() => go(s.href)}
    >
      <SuggestionContent s={s} />
    </div>
  );

  return (
    <search className={`${styles.box} ${className ?? ""}`}>
      {/* Before the app has taken over a server-rendered page, the browser submits it to the search page itself. */}
      <form action="/search" onSubmit={submit}>
        <input
          type="search"
          name="q"
          role="combobox"
          aria-label="Search"
          aria-autocomplete="list"
          aria-expanded={visible}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={visible && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          placeholder="Search for news, coins, topics..."
          value={text}
          maxLength={200}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
      </form>
      <div id={`${id}-listbox`} role="listbox" aria-label="Search suggestions" className={styles.listbox} hidden={!visible}>
        <OptionGroup id={`${id}-coins`} label="Coins">
          {coins.map((s, i) => renderOption(s, i))}
        </OptionGroup>
        <OptionGroup id={`${id}-articles`} label="Articles">
          {articles.map((s, i) => renderOption(s, coins.length + i))}
        </OptionGroup>
      </div>
      <div role="status" className="visually-hidden">
        {visible ? `${suggestions.length} suggestions. Use the up and down arrows to choose one.` : ""}
      </div>
    </search>
  );
}
