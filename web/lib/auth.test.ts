import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { makeUser, setMemberHint } from "#web/test/auth-fixtures.ts";
import { calls, errorBody, mock, server } from "#web/test/msw.ts";
import { authUserQuery, mayBeSignedIn } from "./auth.ts";

const fetchUser = () => new QueryClient().fetchQuery(authUserQuery());
const askedForUser = () => calls.some((c) => c.path.startsWith("/api/auth/user"));

describe("who is signed in", () => {
  it("does not ask for a guest: no hint cookie, no request, no 401 in the console", async () => {
    server.use(mock(apiContract.getCurrentUser, makeUser()));
    expect(mayBeSignedIn()).toBe(false);
    expect(await fetchUser()).toBeNull();
    expect(askedForUser()).toBe(false);
  });

  it("asks when the server's hint is there and trusts only the answer", async () => {
    setMemberHint(true);
    server.use(mock(apiContract.getCurrentUser, makeUser({ email: "ada@example.com" })));
    expect(await fetchUser()).toMatchObject({ email: "ada@example.com" });
    expect(askedForUser()).toBe(true);

    // A hint whose session has gone: the 401 still means signed out.
    server.use(mock(apiContract.getCurrentUser, errorBody("UNAUTHORIZED", "Unauthorized"), { status: 401 }));
    expect(await fetchUser()).toBeNull();
  });

  it("reads the hint under both of the server's cookie names, and nothing that merely looks like it", () => {
    expect(mayBeSignedIn("theme=dark; __Host-coinsight_member=1")).toBe(true);
    expect(mayBeSignedIn("coinsight_member=1")).toBe(true);
    expect(mayBeSignedIn("notcoinsight_member=1; x=coinsight_member")).toBe(false);
    expect(mayBeSignedIn("")).toBe(false);
  });
});
