import { env } from "cloudflare:test";
import { expect, it } from "vitest";

// Files share a runtime (fresh-runtime.ts): this one finds nothing a file before it left, and
// leaves one of each kind behind for the file after it in the same runtime.
it("a test file starts with what a new runtime has: empty D1 tables, KV and colo cache", async () => {
  const date = "1999-01-01";
  const found = {
    outbox: (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox").first<{ n: number }>())?.n,
    runs: (await env.DB.prepare("SELECT COUNT(*) AS n FROM generation_runs").first<{ n: number }>())?.n,
    kvKeys: (await env.KV.list()).keys.length,
    cached: (await caches.default.match("https://coinsight.test/__fresh-runtime")) !== undefined,
  };

  await env.DB.batch([
    env.DB.prepare("INSERT INTO outbox (channel, recipient, subject, body_text) VALUES ('email', 'left@example.com', 'left', 'left')"),
    env.DB.prepare("INSERT INTO generation_runs (task, date) VALUES ('daily_roundup', ?)").bind(date),
  ]);
  await env.KV.put("left-behind", "1");
  await caches.default.put("https://coinsight.test/__fresh-runtime", new Response("left", { headers: { "cache-control": "max-age=600" } }));

  expect(found).toEqual({ outbox: 0, runs: 0, kvKeys: 0, cached: false });
});
