import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { setMemberHint } from "./auth-fixtures.ts";
import { calls, noteFailure, server, takeFailures } from "./msw.ts";
import "./dialog-shim.ts";

// The findBy/waitFor limit: a first render on a busy machine (or the first MSW answer) can take over the
// default 1 s; a clean-clone run beside two e2e runs once took over 5 s for a first table.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 15_000 });

// A request no handler answers fails the test that sent it (after it ends), as well as the fetch.
beforeAll(() =>
  server.listen({
    onUnhandledFrame: async ({ frame, defaults }) => {
      noteFailure(await frame.getUnhandledMessage());
      defaults.error();
    },
  }),
);

afterEach(() => {
  cleanup();
  server.resetHandlers();
  setMemberHint(false);
  calls.length = 0;
  const failures = takeFailures();
  if (failures.length > 0) throw new Error(`The API fakes broke the contract:\n\n${failures.join("\n\n")}`);
});

afterAll(() => server.close());
