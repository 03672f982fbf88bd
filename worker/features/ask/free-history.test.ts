import { describe, expect, it } from "vitest";
import type { AskFreeResponse, AskHistory } from "#schema/contracts/ask-free-types.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { askFree, persona, planFor } from "./test-support.ts";

const history = (who: Awaited<ReturnType<typeof persona>>, query = "") =>
  who.agent.json<AskHistory & ErrorBody>(`/api/ask-coinsight/history${query}`);
const remove = (who: Awaited<ReturnType<typeof persona>>, id: string, init: { site?: "cross-site"; from?: string } = {}) =>
  who.agent.json<ErrorBody & { success?: true }>(`/api/ask-coinsight/history/${id}`, { method: "DELETE", ...init });

describe("the member's free-text history", () => {
  it("keeps every answered question, lists its own newest first in pages, and deletes only its own", async () => {
    const alice = await persona("pro");
    const bob = await persona("pro");
    const questions = ["what is bitcoin", "is SOL doing better than ETH this week?", "top 5 coins by volume"];
    const ids: string[] = [];
    for (const question of questions) {
      const { status, body } = await askFree<AskFreeResponse>(alice, { question, plan: await planFor(question) });
      expect(status, question).toBe(200);
      ids.push(body.id ?? "");
    }
    await askFree(bob, { question: "what is solana", plan: await planFor("what is solana") });

    const all = await history(alice);
    expect(all.status).toBe(200);
    expect(all.body.entries.map((e) => e.question)).toEqual([...questions].reverse());
    expect(all.body.entries.map((e) => e.id)).toEqual([...ids].reverse());
    expect(all.body.nextBefore).toBeNull();
    const compare = all.body.entries[1];
    expect(compare?.plan).toMatchObject({ intent: "compare", coins: [{ id: "solana" }, { id: "ethereum" }] });
    expect(compare?.tables[0]?.rows).toHaveLength(2);
    expect(compare?.response).toMatch(/^## Solana and Ethereum/);

    const first = await history(alice, "?limit=2");
    expect(first.body.entries.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.nextBefore).toBe(ids[1]);
    const second = await history(alice, `?limit=2&before=${first.body.nextBefore}`);
    expect(second.body).toEqual({ entries: [all.body.entries[2]], nextBefore: null });

    // Bob sees only his own, and cannot delete Alice's (404, as a missing one); a cross-site delete is refused.
    expect((await history(bob)).body.entries.map((e) => e.question)).toEqual(["what is solana"]);
    expect((await history(bob, `?before=${ids[2]}`)).body).toEqual({ entries: [], nextBefore: null });
    expect((await remove(bob, ids[0] ?? "")).status).toBe(404);
    expect((await remove(alice, ids[0] ?? "", { site: "cross-site", from: "https://evil.example" })).status).toBe(403);
    const deleted = await remove(alice, ids[0] ?? "");
    expect(deleted).toEqual({ status: 200, body: { success: true } });
    expect((await remove(alice, ids[0] ?? "")).status).toBe(404);
    expect((await history(alice)).body.entries.map((e) => e.id)).toEqual([ids[2], ids[1]]);
  });

  it("is for members only, and refuses a bad page with 400", async () => {
    const guest = await persona("guest");
    expect((await history(guest)).status).toBe(401);
    expect((await remove(guest, "x")).status).toBe(401);
    const member = await persona("free");
    for (const q of ["?limit=0", "?limit=51", "?limit=ten", "?before=", "?other=1"]) {
      const { status, body } = await history(member, q);
      expect(status, q).toBe(400);
      expect(body.error.code, q).toBe("BAD_REQUEST");
    }
  });

  it("keeps the same question asked again while the same answer stands once, and again after it is deleted", async () => {
    const alice = await persona("pro");
    const question = "is SOL doing better than ETH this week?";
    const plan = await planFor(question);
    const ask = async () => (await askFree<AskFreeResponse>(alice, { question, plan })).body;
    const first = await ask();
    const again = await ask();
    expect(again).toMatchObject({ id: first.id, cached: true, response: first.response });
    // The repeat is still a question asked: it is counted like the first.
    expect(again.subscription?.queryCount).toBe((first.subscription?.queryCount ?? 0) + 1);
    // Other words are another entry, even for the same answer.
    const reworded = (await askFree<AskFreeResponse>(alice, { question: "sol vs eth this week", plan })).body;
    expect(reworded.id).not.toBe(first.id);
    expect((await history(alice)).body.entries.map((e) => e.question)).toEqual(["sol vs eth this week", question]);

    expect((await remove(alice, first.id ?? "")).status).toBe(200);
    const afterDelete = await ask();
    expect(afterDelete.id).toBe(first.id);
    expect((await history(alice)).body.entries.map((e) => e.id)).toEqual([first.id, reworded.id]);
  });

  it("a guest's answer is not kept (no id)", async () => {
    const guest = await persona("guest");
    const { body } = await askFree<AskFreeResponse>(guest, { question: "what is solana", plan: await planFor("what is solana") });
    expect(body.id).toBeNull();
  });
});

describe("the free-text answer cache", () => {
  it("serves one plan's answer to any wording within a tick, and never shares a watchlist answer", async () => {
    const a = await persona("pro");
    const b = await persona("pro");
    const first = await askFree<AskFreeResponse>(a, { question: "cardano vs polkadot", plan: await planFor("cardano vs polkadot") });
    const again = await askFree<AskFreeResponse>(b, {
      question: "compare cardano with polkadot",
      plan: await planFor("compare cardano with polkadot"),
    });
    expect(first.body.cached).toBe(false);
    expect(again.body.plan).toEqual(first.body.plan);
    expect(again.body).toMatchObject({ cached: true, response: first.body.response, tables: first.body.tables, charged: true });

    for (const [who, symbol] of [
      [a, "BTC"],
      [b, "ETH"],
    ] as const) {
      await who.agent.fetch("/api/watchlist/add", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ cryptoSymbol: symbol, cryptoName: symbol }),
      });
    }
    const plan = await planFor("how are my coins doing");
    const mine = await askFree<AskFreeResponse>(a, { question: "how are my coins doing", plan });
    const theirs = await askFree<AskFreeResponse>(b, { question: "how are my coins doing", plan });
    expect(mine.body.tables[0]?.rows.map((r) => r.symbol)).toEqual(["BTC"]);
    expect(theirs.body).toMatchObject({ cached: false });
    expect(theirs.body.tables[0]?.rows.map((r) => r.symbol)).toEqual(["ETH"]);
  });
});
