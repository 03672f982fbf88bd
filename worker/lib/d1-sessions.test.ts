import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BrowserAgent } from "#worker/test/browser-agent.ts";

/** The D1 binding, recording the constraint (or bookmark) each request's session starts from. */
function recordingDb() {
  const starts: (string | undefined)[] = [];
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === "withSession") {
        return (constraint?: string) => {
          starts.push(constraint);
          return target.withSession(constraint);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, starts };
}

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

function bookmarkCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith("__Host-coinsight_d1="));
}

describe("reads near the reader (D1 Sessions API)", () => {
  it("lets any replica serve a guest, and never gives a guest the bookmark cookie", async () => {
    const { db, starts } = recordingDb();
    const guest = new BrowserAgent({ DB: db });
    const res = await guest.fetch("/api/articles?limit=2");
    expect(res.status).toBe(200);
    expect(starts).toEqual(["first-unconstrained"]);
    expect(bookmarkCookie(res)).toBeUndefined();
    // A guest's write starts at the primary, and still carries no cookie.
    const signup = await guest.fetch("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.90" },
      body: JSON.stringify({ email: "guest-d1@example.com" }),
    });
    expect(signup.status).toBe(200);
    expect(starts.at(-1)).toBe("first-primary");
    expect(bookmarkCookie(signup)).toBeUndefined();
  });

  it("gives a member the bookmark of each write in an HttpOnly, Secure, SameSite cookie, and starts their next read from it", async () => {
    const { db, starts } = recordingDb();
    const member = new BrowserAgent({ DB: db });
    // Signing in writes the session row: the redirect already carries the bookmark, so the first page sees the session.
    const signIn = await member.signInOffline("reader-d1@example.com", "Reader");
    const first = bookmarkCookie(signIn);
    expect(first).toMatch(/^__Host-coinsight_d1=[0-9a-f-]+; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax$/);

    const add = await member.fetch("/api/watchlist/add", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ cryptoSymbol: "BTC", cryptoName: "Bitcoin" }),
    });
    expect(add.status).toBe(201);
    expect(starts.at(-1)).toBe("first-primary");
    const bookmark = member.cookies.get("__Host-coinsight_d1") ?? "";
    expect(bookmark).toMatch(BOOKMARK);
    expect(bookmarkCookie(add)).toBeDefined();
    expect(bookmark).not.toBe(first?.split(";")[0]?.split("=")[1]);

    const list = await member.json<{ cryptoSymbol: string }[]>("/api/watchlist");
    expect(starts.at(-1)).toBe(bookmark);
    expect(list.body.map((e) => e.cryptoSymbol)).toContain("BTC");
    // A read changes nothing, so it sets no cookie; the account page reads from the same bookmark.
    const account = await member.fetch("/api/auth/user");
    expect(account.status).toBe(200);
    expect(starts.at(-1)).toBe(bookmark);
    expect(bookmarkCookie(account)).toBeUndefined();
  });

  it("ignores a bookmark cookie that is not a bookmark, and one without a member session", async () => {
    const { db, starts } = recordingDb();
    const member = new BrowserAgent({ DB: db });
    await member.signInOffline("odd-d1@example.com", "Odd");
    member.cookies.set("__Host-coinsight_d1", "first-primary");
    await member.fetch("/api/watchlist");
    expect(starts.at(-1)).toBe("first-unconstrained");

    const guest = new BrowserAgent({ DB: db });
    guest.cookies.set("__Host-coinsight_d1", "00000000-00000011-00000000-00000000000000000000000000000000");
    await guest.fetch("/api/articles?limit=1");
    expect(starts.at(-1)).toBe("first-unconstrained");
  });
});
