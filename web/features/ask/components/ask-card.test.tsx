import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AskResponse } from "#schema/contracts/ask-types.ts";
import type { Subscription } from "#schema/contracts/auth.ts";
import { SUBSCRIPTION_KEY } from "#web/lib/subscription-key.ts";
import { authRoutes, makeSubscription, makeUser } from "#web/test/auth-fixtures.ts";
import { renderAt, stubFetch } from "#web/test/render.tsx";
import { forgetSessionAnswers } from "../lib/session-answers.ts";
import { AskCard } from "./ask-card.tsx";

const coin = { symbol: "BTC", name: "Bitcoin", price24h: "+1.20%" };
const ANSWER =
  "## About Bitcoin (BTC)\n\nBitcoin is ranked **#1**.\n\nAs of 23 November 2026, 18:40 UTC. Sources: [CoinGecko](https://www.coingecko.com).";

beforeEach(() => forgetSessionAnswers());
afterEach(() => vi.unstubAllGlobals());

function answer(subscription: Subscription | null, text = ANSWER): AskResponse {
  return {
    success: true,
    response: text,
    cached: false,
    rateLimit: { remaining: 1, resetTime: null },
    subscription,
    questionType: "about",
    asOf: "2026-11-23T18:40:00.000Z",
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const refusal = (status: number, code: string, message: string, subscription: Subscription | null) =>
  json({ error: { code, message, requestId: "r1" }, subscription }, status);

/** A server-sent event stream, as the route sends it. */
function sse(events: [string, unknown][]) {
  const text = events.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join("");
  return new Response(text, { headers: { "content-type": "text/event-stream" } });
}

function setup(routes: Record<string, unknown>, ask: (() => Response) | undefined = undefined) {
  const posts: unknown[] = [];
  const base = stubFetch({ ...routes, ...(ask ? { "/api/ask-coinsight": ask } : {}) });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === "POST") posts.push(JSON.parse(String(init.body)));
    return base(input);
  });
  vi.stubGlobal("fetch", fetchMock);
  const utils = renderAt(<AskCard coin={coin} />, {
    path: "/coin/:symbol",
    at: "/coin/BTC",
    routes: [{ path: "/subscribe", element: <h1>Plans</h1> }],
  });
  return { ...utils, posts, fetchMock };
}

const question = (name: RegExp) => screen.findByRole("button", { name });
/** The card asks nothing until it knows who is asking. */
const guestReady = () => screen.findByText(/Guests can ask the free question/);

describe("Ask Coinsight card", () => {
  it("guest: the free question answers and toggles; premium questions are locked and lead to /subscribe", async () => {
    const { posts, router } = setup(authRoutes(null), () => json(answer(null)));
    expect(await screen.findByText(/Guests can ask the free question/)).toBeInTheDocument();
    const about = await question(/What is Bitcoin\?/);
    fireEvent.click(about);
    expect(await screen.findByRole("heading", { name: "About Bitcoin (BTC)" })).toBeInTheDocument();
    expect(posts).toEqual([{ coinSymbol: "BTC", coinName: "Bitcoin", questionType: "about", priceChange24h: "+1.20%" }]);
    expect(about).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "CoinGecko" })).toHaveAttribute("href", "https://www.coingecko.com/");
    fireEvent.click(about);
    expect(screen.queryByRole("heading", { name: "About Bitcoin (BTC)" })).toBeNull();
    expect(about).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(about);
    expect(screen.getByRole("heading", { name: "About Bitcoin (BTC)" })).toBeInTheDocument();
    expect(posts).toHaveLength(1);

    const locked = await question(/What range could BTC trade in\? \(subscribers only\)/);
    fireEvent.click(locked);
    await waitFor(() => expect(router.state.location.pathname).toBe("/subscribe"));
    expect(posts).toHaveLength(1);
  });

  it("shows the pending state while an answer is written, and renders a stream progressively", async () => {
    let release: (r: Response) => void = () => {};
    setup(authRoutes(null), () => new Promise<Response>((r) => (release = r)) as unknown as Response);
    await guestReady();
    fireEvent.click(await question(/What is Bitcoin\?/));
    expect(await screen.findByText("Writing the answer...")).toBeInTheDocument();
    expect(await question(/What is Bitcoin\?/)).toHaveAttribute("aria-busy", "true");
    release(
      sse([
        ["delta", { text: "## About Bitcoin (BTC)\n" }],
        ["reset", {}],
        ["delta", { text: "## Bitcoin, again\n" }],
        ["done", answer(null, "## Bitcoin, again\n\nDone.")],
      ]),
    );
    expect(await screen.findByRole("heading", { name: "Bitcoin, again" })).toBeInTheDocument();
    expect(screen.queryByText("About Bitcoin (BTC)")).toBeNull();
    expect(screen.queryByText("Writing the answer...")).toBeNull();
  });

  it("free member: trial line, premium asks update the header's plan from response.subscription", async () => {
    const after = makeSubscription({ trialQueriesRemaining: 1 });
    const { client } = setup(authRoutes(makeUser(), makeSubscription()), () => json({ ...answer(after), questionType: "price_movement" }));
    expect(await screen.findByText("Trial queries: 2/2 left")).toBeInTheDocument();
    fireEvent.click(await question(/How has BTC's price moved\?/));
    expect(await screen.findByText("Trial queries: 1/2 left")).toBeInTheDocument();
    expect(client.getQueryData(SUBSCRIPTION_KEY)).toEqual(after);
  });

  it("free member out of trials: a 429 shows the server's message and §8's banner, and locks premium questions", async () => {
    const spent = makeSubscription({ trialQueriesRemaining: 0 });
    const { posts, router } = setup(authRoutes(makeUser(), makeSubscription({ trialQueriesRemaining: 1 })), () =>
      refusal(429, "RATE_LIMITED", "You have used your free trial queries. Please subscribe for more queries.", spent),
    );
    await screen.findByText("Trial queries: 1/2 left");
    fireEvent.click(await question(/How has BTC's price moved\?/));
    expect(await screen.findByRole("alert")).toHaveTextContent("You have used your free trial queries. Please subscribe for more queries.");
    expect(screen.getByTestId("ask-banner")).toHaveTextContent("Please subscribe for more queries.");
    expect(await screen.findByText("Trial queries: 0/2 left")).toBeInTheDocument();
    fireEvent.click(await question(/Latest Bitcoin news \(subscribers only\)/));
    await waitFor(() => expect(router.state.location.pathname).toBe("/subscribe"));
    expect(posts).toHaveLength(1);
  });

  it("a free member who has spent both trials sees §8's free banner straight away", async () => {
    setup(authRoutes(makeUser(), makeSubscription({ trialQueriesRemaining: 0 })));
    expect(await screen.findByTestId("ask-banner")).toHaveTextContent("Please subscribe for more queries.");
    expect(await question(/How has BTC's price moved\? \(subscribers only\)/)).toBeInTheDocument();
  });

  it("paid member: count/limit, and the monthly banner on a 429", async () => {
    const sub = makeSubscription({ tier: "basic", queryCount: 30, queryLimit: 30 });
    setup(authRoutes(makeUser(), sub), () =>
      refusal(429, "RATE_LIMITED", "Monthly query limit exceeded. Upgrade or wait until next month.", sub),
    );
    expect(await screen.findByText("Queries this month: 30/30")).toBeInTheDocument();
    fireEvent.click(await question(/social mood/));
    expect(await screen.findByTestId("ask-banner")).toHaveTextContent("Monthly query limit exceeded. Upgrade or wait until next month.");
  });

  it("guest over the daily limit: §8's guest banner; a 429 without a message reads 'Usage limit reached'", async () => {
    setup(authRoutes(null), () => new Response("", { status: 429 }));
    await guestReady();
    fireEvent.click(await question(/What is Bitcoin\?/));
    expect(await screen.findByRole("alert")).toHaveTextContent("Usage limit reached");
    expect(screen.getByTestId("ask-banner")).toHaveTextContent(
      "Daily limit reached. Log in for standard queries or subscribe for enhanced features with higher limits.",
    );
  });

  it("a member over the daily about cap sees the 'otherwise' banner", async () => {
    setup(authRoutes(makeUser(), makeSubscription({ tier: "pro", queryLimit: 80 })), () =>
      refusal(429, "RATE_LIMITED", "Daily limit for standard questions reached.", makeSubscription({ tier: "pro", queryLimit: 80 })),
    );
    await screen.findByText("Queries this month: 0/80");
    fireEvent.click(await question(/What is Bitcoin\?/));
    expect(await screen.findByTestId("ask-banner")).toHaveTextContent("Usage limit reached. Please try again later.");
  });

  it("inactive plan: 'Subscription inactive' and locked premium questions", async () => {
    setup(authRoutes(makeUser(), makeSubscription({ tier: "pro", status: "past_due", queryLimit: 80 })));
    expect(await screen.findByText("Subscription inactive")).toBeInTheDocument();
    expect(await question(/What range could BTC trade in\? \(subscribers only\)/)).toBeInTheDocument();
  });

  it("admin: 'Admin Pro Access', nothing locked, no plan lookup", async () => {
    const { fetchMock } = setup(authRoutes(makeUser({ role: "admin" })), () => json(answer(null)));
    expect(await screen.findByText("Admin Pro Access")).toBeInTheDocument();
    expect(screen.queryByText(/subscribers only/)).toBeNull();
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://x").pathname);
    expect(paths).not.toContain("/api/user/subscription");
  });

  it("a 402 shows the server's message without the limit banner; other failures §8's apology", async () => {
    let call = 0;
    setup(authRoutes(makeUser(), makeSubscription({ tier: "basic", queryLimit: 30 })), () =>
      ++call === 1
        ? refusal(402, "PAYMENT_REQUIRED", "Subscription inactive. Update your payment details to ask premium questions.", null)
        : sse([["error", { error: { code: "UNAVAILABLE", message: "x", requestId: "r" }, subscription: null }]]),
    );
    await screen.findByText("Queries this month: 0/30");
    fireEvent.click(await question(/How has BTC's price moved\?/));
    expect(await screen.findByRole("alert")).toHaveTextContent("Subscription inactive. Update your payment details");
    expect(screen.queryByTestId("ask-banner")).toBeNull();
    fireEvent.click(await question(/Latest Bitcoin news/));
    await waitFor(() => expect(screen.getAllByRole("alert")).toHaveLength(2));
    expect(screen.getAllByRole("alert").at(-1)).toHaveTextContent(
      "Sorry, I couldn't answer that question right now. Please try again later.",
    );
  });

  it("keeps answers per coin and question for the session", async () => {
    const first = setup(authRoutes(null), () => json(answer(null)));
    await guestReady();
    fireEvent.click(await question(/What is Bitcoin\?/));
    await screen.findByRole("heading", { name: "About Bitcoin (BTC)" });
    first.unmount();
    const again = setup(authRoutes(null), () => json(answer(null, "## Should not be asked")));
    await guestReady();
    const about = await question(/What is Bitcoin\?/);
    expect(about).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(about);
    expect(within(about.parentElement as HTMLElement).getByRole("heading", { name: "About Bitcoin (BTC)" })).toBeInTheDocument();
    expect(again.posts).toHaveLength(0);
  });
});
