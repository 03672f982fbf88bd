import { asc } from "drizzle-orm";
import type { Category } from "#schema/contracts/article.ts";
import { categories } from "#schema/db/content.ts";
import { getDb } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { cachedContent } from "./content-cache.ts";

const columns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  kind: categories.kind,
};

/** Categories are reference data (fixed ids, migration 0002); cached with the other content lists. */
export function listCategories(env: Pick<Env, "DB" | "KV">): Promise<Category[]> {
  return cachedContent(env, "categories", () => getDb(env.DB).select(columns).from(categories).orderBy(asc(categories.id)));
}

export async function getCategory(env: Pick<Env, "DB" | "KV">, slug: string): Promise<Category> {
  const category = (await listCategories(env)).find((c) => c.slug === slug);
  if (!category) throw new ApiError("NOT_FOUND", "Category not found");
  return category;
}
