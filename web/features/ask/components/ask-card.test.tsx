import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type HttpHandler, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { AskStreamEvent } from "#schema/contracts/ask-stream.ts";
import type { AskResponse, StoredAnswer } from "#schema/contracts/ask-types.ts";
import type { Subscription } from "#schema/contracts/auth.ts";
import { SUBSCRIPTION_KEY } from "#web/lib/subscription-key.ts";
import { authMocks, makeSubscription, makeUser } from "#web/test/auth-fixtures.ts";
import { calls, mock, notTheApi, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { ANSWER_FAILED } from "../lib/banners.ts";
import { forgetSessionAnswers } from "../lib/session-answers.ts";
import { AskCard } from "./ask-card.tsx";

const coin = { symbol: "BTC", name: "Bitcoin", price24h: "+1.20%" };
const ANSWER =
  "## About Bitcoin (BTC)\n\nBitcoin is ranked **#1**.\n\nAs of 23 November 2026, 18:40 UTC. Sources: [CoinGecko](https://www.coingecko.com).";

beforeEach(() => forgetSessionAnswers());

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

const json = (body: unknown, status = 200) => HttpResponse.json(body as never, { status });
const refusal = (status: number, code: string, message: string, subscription: Subscription | null) =>
  json({ error: { code, message, requestId: "r1" }, subscription }, status);

/** A server-sent event stream, as the route sends it: the contract's events, then any raw text a test adds. */
function sse(events: AskStreamEvent[], raw = "") {
  const text = events.map((e) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`).join("") + raw;
  return new Response(text, { headers: { "content-type": "text/event-stream" } });
}

/** The member (or guest) and the Ask route's answer: a Response checked against its status's schema, or a handler. */
function setup(auth: HttpHandler[], ask?: (() => Response | Promise<Response>) | HttpHandler, kept: StoredAnswer[] = []) {
  server.use(...auth, mock(apiContract.listStoredAnswers, { answers: kept }));
  if (ask) server.use(typeof ask === "function" ? mock(apiContract.askCoinsight, ask) : ask);
  const utils = renderAt(<AskCard coin={coin} />, {
    path: "/coin/:symbol",
    at: "/coin/BTC",
    routes: [{ path: "/subscribe", element: <h1>Plans</h1> }],
  });
  return utils;
}

/** The questions the card sent. */
const posts = () => calls.filter((c) => c.operation === "askCoinsight").map((c) => c.body);

const question = (name: RegExp) => screen.findByRole("button", { name });
/** The card asks nothing until it knows who is asking. */
const guestReady = () => screen.findByText(/Guests can ask the free question/);

describe("Ask Coinsight card", () => {
  it("guest: the free question answers and toggles; premium questions are locked and lead to /subscribe", async () => {
    const { router } = setup(authMocks(null), () => json(answer(null)));
    expect(await screen.findByText(/Guests can ask the free question/)).toBeInTheDocument();
    const about = await question(/What is Bitcoin\?/);
    fireEvent.click(about);
    expect(await screen.findByRole("heading", { name: "About Bitcoin (BTC)" })).toBeInTheDocument();
    expect(posts()).toEqual([{ coinSymbol: "BTC", coinName: "Bitcoin", questionType: "about", priceChange24h: "+1.20%" }]);
    expect(about).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "CoinGecko" })).toHaveAttribute("href", "https://www.coingecko.com/");
    fireEvent.click(about);
    expect(screen.queryByRole("heading", { name: "About Bitcoin (BTC)" })).toBeNull();
    expect(about).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(about);
    expect(screen.getByRole("heading", { name: "About Bitcoin (BTC)" })).toBeInTheDocument();
    expect(posts()).toHaveLength(1);

    const locked = await question(/What range could BTC trade in\? \(subscribers only\)/);
    fireEvent.click(locked);
    await waitFor(() => expect(router.state.location.pathname).toBe("/subscribe"));
    expect(posts()).toHaveLength(1);
  });

  it("a question clicked while the card still learns who is asking is asked once it knows", async () => {
    const subscription = makeSubscription();
    let release = () => {};
    const plan = new Promise<Response>((r) => (release = () => r(json({ success: true, tier: subscription.tier, subscription }))));
    const [user] = authMocks(makeUser());
    setup([user as HttpHandler, mock(apiContract.getSubscription, () => plan)], () => json(answer(subscription)));
    fireEvent.click(await question(/What is Bitcoin\?/));
    await waitFor(() => expect(calls.some((c) => c.operation === "getSubscription")).toBe(true));
    expect(posts()).toEqual([]);
    expect(await question(/What is Bitcoin\?/)).toHaveAttribute("aria-busy", "true");
    release();
    expect(await screen.findByRole("heading", { name: "About Bitcoin (BTC)" })).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
  });

  it("shows the pending state while an answer is written, and renders a stream progressively", async () => {
    let release: (r: Response) => void = () => {};
    setup(authMocks(null), () => new Promise<Response>((r) => (release = r)));
    await guestReady();
    fireEvent.click(await question(/What is Bitcoin\?/));
    expect(await screen.findByText("Writing the answer...")).toBeInTheDocument();
    expect(await question(/What is Bitcoin\?/)).toHaveAttribute("aria-busy", "true");
    release(
      sse([
        { event: "delta", data: { text: "## About Bitcoin (BTC)\n" } },
        { event: "reset", data: {} },
        { event: "delta", data: { text: "## Bitcoin, again\n" } },
        { event: "done", data: answer(null, "## Bitcoin, again\n\nDone.") },
      ]),
    );
    expect(await screen.findByRole("heading", { name: "Bitcoin, again" })).toBeInTheDocument();
    expect(screen.queryByText("About Bitcoin (BTC)")).toBeNull();
    expect(screen.queryByText("Writing the answer...")).toBeNull();
  });

  it("a stream event of the contract with the wrong shape ends in the failure notice, never a half-read answer", async () => {
    setup(authMocks(null), () =>
      sse(
        [{ event: "delta", data: { text: "## About Bitcoin (BTC)\n" } }],
        'event: ping\ndata: {}\n\nevent: done\ndata: {"success":true}\n\n',
      ),
    );
    await guestReady();
    fireEvent.click(await question(/What is Bitcoin\?/));
    expect(await screen.findByRole("alert")).toHaveTextContent(ANSWER_FAILED);
    expect(screen.queryByRole("heading", { name: "About Bitcoin (BTC)" })).toBeNull();
  });

  it("free member: trial line, premium asks update the header's plan from response.subscription", async () => {
    const after = makeSubscription({ trialQueriesRemaining: 1 });
    const { client } = setup(authMocks(makeUser(), makeSubscription()), () => json({ ...answer(after), questionType: "price_movement" }));
    expect(await screen.findByText("Trial queries: 2/2 left")).toBeInTheDocument();
    fireEvent.click(await question(/How has BTC's price moved\?/));
    expect(await screen.findByText("Trial queries: 1/2 left")).toBeInTheDocument();
    expect(client.getQueryData(SUBSCRIPTION_KEY)).toEqual(after);
  });

  it("free member out of trials: a 429 shows assistant-plans-admin.md §8's banner once, and locks premium questions", async () => {
    const spent = makeSubscription({ trialQueriesRemaining: 0 });
    const { router } = setup(authMocks(makeUser(), makeSubscription({ trialQueriesRemaining: 1 })), () =>
      refusal(429, "RATE_LIMITED", "You have used your free trial queries. Please subscribe for more queries.", spent),
    );
    await screen.findByText("Trial queries: 1/2 left");
    expect(screen.getByTestId("ask-cost")).toHaveTextContent(
      "Each premium question uses your last trial question. “What is Bitcoin?” is free.",
    );
    fireEvent.click(await question(/How has BTC's price moved\?/));
    expect(await screen.findByTestId("ask-banner")).toHaveTextContent("Please subscribe for more queries.");
    // Said once: by the banner, not again under the question.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getAllByText(/subscribe for more queries/)).toHaveLength(1);
    expect(await screen.findByText("Trial queries: 0/2 left")).toBeInTheDocument();
    fireEvent.click(await question(/Latest Bitcoin news \(subscribers only\)/));
    await waitFor(() => expect(router.state.location.pathname).toBe("/subscribe"));
    expect(posts()).toHaveLength(1);
  });

  it("a free member who has spent both trials sees assistant-plans-admin.md §8's free banner straight away", async () => {
    setup(authMocks(makeUser(), makeSubscription({ trialQueriesRemaining: 0 })));
    expect(await screen.findByTestId("ask-banner")).toHaveTextContent("Please subscribe for more queries.");
    expect(await question(/How has BTC's price moved\? \(subscribers only\)/)).toBeInTheDocument();
  });

  it("paid member: count/limit and what a question costs, then the monthly banner with the credits offer on a 429", async () => {
    const sub = makeSubscription({ tier: "basic", queryCount: 29, queryLimit: 30 });
    const full = makeSubscription({ tier: "basic", queryCount: 30, queryLimit: 30 });
    setup(authMocks(makeUser(), sub), () =>
      refusal(429, "RATE_LIMITED", "Monthly query limit exceeded. Upgrade or wait until next month.", full),
    );
    expect(await screen.findByText("Queries this month: 29/30")).toBeInTheDocument();
    expect(screen.getByTestId("ask-cost")).toHaveTextContent("Each premium question uses 1 of 30 this month (1 left).");
    fireEvent.click(await question(/social mood/));
    const banner = await screen.findByTestId("ask-banner");
    expect(banner).toHaveTextContent("Monthly query limit exceeded. Upgrade or wait until next month.");
    expect(within(banner).getByRole("link", { name: "Buy 10 more questions for $5.00" })).toHaveAttribute("href", "/subscribe?buy=credits");
    expect(screen.getAllByText(/Monthly query limit exceeded/)).toHaveLength(1);
    expect(screen.queryByTestId("ask-cost")).toBeNull();
  });

  it("credits show beside the allowance and are what the next question costs once the month is used", async () => {
    setup(authMocks(makeUser(), makeSubscription({ tier: "basic", queryCount: 30, queryLimit: 30, credits: 10 })));
    expect(await screen.findByTestId("ask-allowance")).toHaveTextContent("Queries this month: 30/30 · 10 credits");
    expect(screen.getByTestId("ask-cost")).toHaveTextContent("Each premium question uses 1 credit (10 credits left).");
    expect(screen.queryByTestId("ask-banner")).toBeNull();
    expect(screen.queryByText(/subscribers only/)).toBeNull();
  });

  it("a complimentary (premium role) plan reads as such, with Pro's allowance", async () => {
    setup(authMocks(makeUser({ role: "premium" }), makeSubscription({ tier: "pro", complimentary: true, queryCount: 1, queryLimit: 80 })));
    expect(await screen.findByTestId("ask-allowance")).toHaveTextContent("Complimentary Pro, this month: 1/80");
    expect(screen.queryByText(/Trial queries/)).toBeNull();
  });

  it("a question without data shows why and that it was not counted, and stays askable", async () => {
    const sub = makeSubscription({ trialQueriesRemaining: 2 });
    const reason =
      "The newsroom's social data does not cover Bitcoin yet, so there is no sentiment reading to report. This question was not counted.";
    setup(authMocks(makeUser(), sub), () => refusal(404, "NOT_FOUND", reason, sub));
    await screen.findByText("Trial queries: 2/2 left");
    fireEvent.click(await question(/social mood/));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByTestId("ask-banner")).toBeNull();
    expect(screen.getByText("Trial queries: 2/2 left")).toBeInTheDocument();
    expect(await question(/social mood/)).not.toHaveAttribute("aria-expanded");
  });

  it("answers kept from the last 24 hours come back closed after a reload, and reading them asks nothing", async () => {
    const kept: StoredAnswer = {
      questionType: "future_price",
      response: "## Bitcoin's price range\n\nA range.",
      asOf: "2026-11-23T18:40:00.000Z",
      answeredAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    };
    setup(authMocks(makeUser(), makeSubscription()), () => json(answer(null)), [kept]);
    const range = await question(/What range could BTC trade in\?/);
    await waitFor(() => expect(range).toHaveAttribute("aria-expanded", "false"));
    fireEvent.click(range);
    expect(await screen.findByRole("heading", { name: "Bitcoin's price range" })).toBeInTheDocument();
    expect(screen.getByText("Answered 2 hours ago. Reading it again is free.")).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it("guest over the daily limit: assistant-plans-admin.md §8's guest banner, said once", async () => {
    // A 429 from the platform's rate limiting, not the route: no body.
    setup(authMocks(null), notTheApi(apiContract.askCoinsight, new Response("", { status: 429 })));
    await guestReady();
    fireEvent.click(await question(/What is Bitcoin\?/));
    expect(await screen.findByTestId("ask-banner")).toHaveTextContent(
      "Daily limit reached. Sign in for standard queries or subscribe for enhanced features with higher limits.",
    );
    // Once: the banner, not the question as well.
    expect(screen.getAllByText(/Daily limit reached/)).toHaveLength(1);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a member over the daily about cap sees the 'otherwise' banner", async () => {
    setup(authMocks(makeUser(), makeSubscription({ tier: "pro", queryLimit: 80 })), () =>
      refusal(429, "RATE_LIMITED", "Daily limit for standard questions reached.", makeSubscription({ tier: "pro", queryLimit: 80 })),
    );
    await screen.findByText("Queries this month: 0/80");
    fireEvent.click(await question(/What is Bitcoin\?/));
    expect(await screen.findByTestId("ask-banner")).toHaveTextContent("Usage limit reached. Please try again later.");
  });

  it("inactive plan: 'Subscription inactive' and locked premium questions", async () => {
    setup(authMocks(makeUser(), makeSubscription({ tier: "pro", status: "past_due", queryLimit: 80 })));
    expect(await screen.findByText("Subscription inactive")).toBeInTheDocument();
    expect(await question(/What range could BTC trade in\? \(subscribers only\)/)).toBeInTheDocument();
  });

  it("admin: 'Admin Pro Access', nothing locked, no plan lookup", async () => {
    setup(authMocks(makeUser({ role: "admin" })), () => json(answer(null)));
    expect(await screen.findByText("Admin Pro Access")).toBeInTheDocument();
    expect(screen.queryByText(/subscribers only/)).toBeNull();
    const paths = calls.map((c) => new URL(c.path, "http://x").pathname);
    expect(paths).not.toContain("/api/user/subscription");
  });

  it("a 402 shows the server's message without the limit banner; other failures assistant-plans-admin.md §8's apology", async () => {
    let call = 0;
    setup(authMocks(makeUser(), makeSubscription({ tier: "basic", queryLimit: 30 })), () =>
      ++call === 1
        ? refusal(402, "PAYMENT_REQUIRED", "Subscription inactive. Update your payment details to ask premium questions.", null)
        : sse([{ event: "error", data: { error: { code: "UNAVAILABLE", message: "x", requestId: "r" }, subscription: null } }]),
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
    const first = setup(authMocks(null), () => json(answer(null)));
    await guestReady();
    fireEvent.click(await question(/What is Bitcoin\?/));
    await screen.findByRole("heading", { name: "About Bitcoin (BTC)" });
    first.unmount();
    setup(authMocks(null), () => json(answer(null, "## Should not be asked")));
    await guestReady();
    const about = await question(/What is Bitcoin\?/);
    expect(about).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(about);
    expect(within(about.parentElement as HTMLElement).getByRole("heading", { name: "About Bitcoin (BTC)" })).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
  });
});
