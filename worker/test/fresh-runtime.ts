import { abortAllDurableObjects, applyD1Migrations, env, reset } from "cloudflare:test";
import { beforeEach } from "vitest";
import { forgetRecentAnswers } from "#worker/features/ask/testing.ts";
import { forgetContentVersion, forgetSlugFilter } from "#worker/features/content/testing.ts";
import { forgetCachedSnapshot } from "#worker/features/cryptos/testing.ts";
import { forgetShell } from "#worker/features/pages/testing.ts";
import { forgetColoMemory } from "#worker/lib/colo-cache.ts";
import { forgetOidcCaches } from "#worker/ports/identity/oidc.ts";

/**
 * Workflow instances outlive `reset()` (the engine keeps them apart from the bindings' storage), and
 * the newsroom names its instances by date: delete the ones the last file's runs name, so a date's
 * id is free again. Every instance the newsroom creates is named in its runs before it is created.
 */
async function deleteNewsroomInstances(): Promise<void> {
  const named = await env.DB.prepare("SELECT DISTINCT instance_id AS id FROM generation_runs WHERE instance_id IS NOT NULL")
    .all<{ id: string }>()
    .catch(() => ({ results: [] as { id: string }[] }));
  for (const { id } of named.results) {
    // A run may name an instance that was never created (a test's claim without a start).
    await env.NEWSROOM.get(id)
      .then((instance) => instance.delete())
      .catch(() => undefined);
  }
}

// Test files share one runtime per worker (vite.config.ts, `isolate: false`: a new workerd per file
// cost more than most files' tests). This runs before each file and gives it what a new runtime
// has: no Workflow instance, every binding's storage emptied (D1, KV, caches, objects), objects
// without memory (a PriceFeed's test source, its timers), then the migrations.
await deleteNewsroomInstances();
await reset();
await abortAllDurableObjects();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
forgetCachedSnapshot();
forgetRecentAnswers();
forgetOidcCaches();

// What an isolate remembers (answers from the colo's cache, the content version, the slug filter,
// the SPA's shell) lives in module memory, which outlives the storage a test started with: each test
// starts from storage alone.
beforeEach(() => {
  forgetColoMemory();
  forgetContentVersion();
  forgetSlugFilter();
  forgetShell();
});
