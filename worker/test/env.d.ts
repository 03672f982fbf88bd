// Test-only bindings, set in vite.config.ts (project "worker").
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
