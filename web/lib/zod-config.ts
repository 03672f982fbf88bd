// zod compiles object parsers with `new Function` unless told not to, and probes for it once. The
// site's CSP forbids eval, so the probe is refused and logged as a CSP violation in every reader's
// console. zod's `config()` would bring 11 kB of its core into the entry chunk, so this sets the
// global that `config()` writes (zod/v4/core/core.js); zod-config.test.ts checks zod reads it.
// Imported first by main.tsx: it must run before any schema module is evaluated.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Mutated, not replaced: a zod already loaded keeps its reference to this object.
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
