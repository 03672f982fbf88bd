// Test-only bindings, set in vite.config.ts (projects "worker" and "worker-workflows").
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Whether test files share this runtime (project "worker") or each has its own ("worker-workflows"). */
    TEST_SHARED_RUNTIME: boolean;
  }
}
