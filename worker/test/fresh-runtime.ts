import { abortAllDurableObjects, applyD1Migrations, env, reset } from "cloudflare:test";
import { afterAll, beforeEach } from "vitest";
import { forgetAllKept, forgetRecentAnswers } from "#worker/features/ask/test-support.ts";
import { forgetContentVersion, forgetSlugFilter } from "#worker/features/content/test-support.ts";
import { forgetCachedSnapshot } from "#worker/features/cryptos/test-support.ts";
import { forgetShell } from "#worker/features/pages/test-support.ts";
import { forgetColoMemory } from "#worker/lib/colo-cache.ts";
import { forgetOidcCaches } from "#worker/ports/identity/oidc.ts";

/**
 * Workflow instances live in the engine, apart from the storage `reset()` empties: one a file left
 * working ran on into the next file, and deleting it aborted its engine under the shared runtime.
 * So a file that starts the newsroom Workflow runs in a runtime of its own
 * (vite.config.ts, WORKFLOW_FILES), and the shared runtime refuses one that does: every instance the
 * newsroom creates is named in its runs first.
 */
async function refuseWorkflowInstances(): Promise<void> {
  const row = await env.DB.prepare("SELECT instance_id AS id FROM generation_runs WHERE instance_id IS NOT NULL LIMIT 1").first<{
    id: string;
  }>();
  if (row)
    throw new Error(
      `this file started the newsroom Workflow (instance ${row.id}) in the shared runtime: add it to WORKFLOW_FILES in vite.config.ts`,
    );
}

// Test files share one runtime per worker (vite.config.ts, `isolate: false`: a new workerd per file
// cost more than most files' tests). This runs before each file and gives it what a new runtime
// has: every binding's storage emptied (D1, KV, caches, objects), objects without memory (a
// PriceFeed's test source, its timers), then the migrations.
await reset();
await abortAllDurableObjects();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
forgetCachedSnapshot();
forgetRecentAnswers();
forgetAllKept();
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

if (env.TEST_SHARED_RUNTIME) afterAll(refuseWorkflowInstances);
