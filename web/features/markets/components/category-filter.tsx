import { useQuery } from "@tanstack/react-query";
import type { CoinCategories } from "#schema/contracts/coin-categories.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { coinCategoriesQuery } from "../api/cryptos.ts";
import styles from "./markets.module.css";

/** The source's name as a reader knows it. */
const SOURCE_NAMES: Record<string, string> = { lunarcrush: "LunarCrush" };

/**
 * The Top 500's category filter, offered only over categories a source filed the coins under
 * (docs/decisions/markets/category-filter.md). Until the list has loaded, or when it is empty, it
 * takes no room above the table; why there is none is said under it (CategoryNote).
 */
export function CategoryPicker({ value, onChange }: { value: string | null; onChange: (slug: string | null) => void }) {
  const { data } = useQuery(coinCategoriesQuery());
  if (!data?.categories.length) return null;
  const source = SOURCE_NAMES[data.source ?? ""] ?? data.source;
  return (
    <div className={styles.categoryBar}>
      <label className={styles.rowsPicker}>
        Category
        <select className="input" value={value ?? ""} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">All coins</option>
          {data.categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.label} ({c.coins})
            </option>
          ))}
        </select>
      </label>
      <span className="muted">
        As {source} files the coins{data.date ? ` (snapshot of ${data.date})` : ""}.
      </span>
    </div>
  );
}

/** Why the table has no category filter: said under it, so the reader is not left looking for one. */
export function CategoryNote() {
  const { data } = useQuery(coinCategoriesQuery());
  const why = data && !data.categories.length ? noFilterReason(data) : null;
  return why ? (
    <p className={`${styles.rule} muted`} data-testid="category-note">
      {why}
    </p>
  ) : null;
}

function noFilterReason(data: CoinCategories): string {
  if (data.source === null) return "No category filter yet: categories come with the first social snapshot.";
  if (data.source === "offline")
    return "No category filter: offline, a coin's categories are the sentiment model's guesses from its name, not a classification. With LunarCrush connected, its categories filter this table.";
  return `No category filter: the latest snapshot (${data.source}) files no coin of the Top 500 under a category.`;
}

/** A category in the address that the snapshot does not file (an old link): say so, and offer the whole table. */
export function UnknownCategory({ slug, onClear }: { slug: string; onClear: () => void }) {
  return (
    <Notice>
      No coin of the Top 500 is filed under the category “{slug}” in the latest snapshot.{" "}
      <Button variant="outline" size="sm" onClick={onClear}>
        Show all coins
      </Button>
    </Notice>
  );
}
