import { CLASSIFYING_SOURCES, type CoinCategories, categoryLabel } from "#schema/contracts/coin-categories.ts";
import type { CryptoPage, CryptoSortKey } from "#schema/contracts/crypto.ts";
import { currentSnapshot, pageOfTop } from "#worker/features/cryptos/index.ts";
import { latestSnapshotDate, readCategories, utcDate } from "#worker/features/newsroom/index.ts";
import { getDb } from "#worker/lib/db.ts";
import type { RuntimeDeps as Deps } from "#worker/lib/deps.ts";
import { ApiError } from "#worker/lib/errors.ts";

type Membership = { date: string | null; source: string | null; members: Map<string, Set<string>> };

/**
 * The latest social snapshot's categories, each with the Top 500 coins filed under it. Only a
 * classifying source's rows count (CLASSIFYING_SOURCES): offline the model's guesses file nothing,
 * and the answer names the source so the page can say why there is no filter.
 */
async function membership(deps: Deps): Promise<Membership> {
  const db = getDb(deps.env.DB);
  const date = await latestSnapshotDate(db, utcDate(Date.now()));
  if (!date) return { date: null, source: null, members: new Map() };
  const [rows, { coins }] = await Promise.all([readCategories(db, date), currentSnapshot(deps)]);
  const tracked = new Set(coins.map((c) => c.id));
  const members = new Map<string, Set<string>>();
  let source = rows[0]?.source ?? null;
  for (const row of rows) {
    if (!CLASSIFYING_SOURCES.includes(row.source)) continue;
    source = row.source;
    if (!tracked.has(row.coinId)) continue;
    for (const slug of row.categories) {
      const coinsOf = members.get(slug) ?? new Set<string>();
      coinsOf.add(row.coinId);
      members.set(slug, coinsOf);
    }
  }
  return { date, source, members };
}

/** GET /api/coin-categories: largest first, then by name. */
export async function listCoinCategories(deps: Deps): Promise<CoinCategories> {
  const { date, source, members } = await membership(deps);
  const categories = [...members]
    .map(([slug, ids]) => ({ slug, label: categoryLabel(slug), coins: ids.size }))
    .sort((a, b) => b.coins - a.coins || a.label.localeCompare(b.label));
  return { date, source, categories };
}

/** GET /api/coin-categories/{slug}: one page of the category's Top 500 coins; a category the snapshot does not file is 404. */
export async function pageOfCategory(
  deps: Deps,
  slug: string,
  page: number,
  limit: number,
  sort?: { by: CryptoSortKey; order?: "asc" | "desc" },
): Promise<CryptoPage> {
  const ids = (await membership(deps)).members.get(slug);
  if (!ids) throw new ApiError("NOT_FOUND", `No coin of the Top 500 is filed under the category "${slug}" in the latest snapshot.`);
  return pageOfTop(deps, page, limit, sort, ids);
}
