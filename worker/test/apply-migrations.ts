import { applyD1Migrations, env } from "cloudflare:test";
import { beforeEach } from "vitest";
import { forgetContentVersion, forgetSlugFilter } from "#worker/features/content/testing.ts";
import { forgetShell } from "#worker/features/pages/testing.ts";
import { forgetColoMemory } from "#worker/lib/colo-cache.ts";

// Setup files run outside per-file storage isolation and may run more than once;
// applyD1Migrations only applies what is not applied yet.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// What an isolate remembers (answers from the colo's cache, the content version, the slug filter,
// the SPA's shell) lives in module memory, which outlives the storage a test started with: each test
// starts from storage alone.
beforeEach(() => {
  forgetColoMemory();
  forgetContentVersion();
  forgetSlugFilter();
  forgetShell();
});
