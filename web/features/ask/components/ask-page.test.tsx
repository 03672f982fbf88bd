import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { AnswerTable, AskFreeResponse, AskHistoryEntry, AskPlan } from "#schema/contracts/ask-free-types.ts";
import type { Subscription } from "#schema/contracts/auth.ts";
import { authMocks, makeSubscription, makeUser } from "#web/test/auth-fixtures.ts";
import { calls, errorBody, failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { AskPage } from "./ask-page.tsx";
import { CardQuestionBox } from "./card-question-box.tsx";

const sol = { id: "solana", symbol: "sol", name: "Solana" };
const eth = { id: "ethereum", symbol: "eth", name: "Ethereum" };
const compare: AskPlan = {
  kind: "plan",
  intent: "compare",
  scope: "coins",
  coins: [sol, eth],
  period: "7d",
  metric: "change",
  screen: null,
  summary: "Comparing Solana and Ethereum over 7 days",
};
const table: AnswerTable = {
  title: "Solana and Ethereum over 7 days",
  columns: [
    { key: "change", label: "7 d change", numeric: true },
    { key: "price", label: "Price", numeric: true },
  ],
  rows: [
    {
      symbol: "sol",
      name: "Solana",
      cells: [
        { text: "+4.10%", tone: "up" },
        { text: "$142.10", tone: null },
      ],
    },
    {
      symbol: "eth",
      name: "Ethereum",
      cells: [
        { text: "-2.30%", tone: "down" },
        { text: "$2,264.92", tone: null },
      ],
    },
  ],
  note: null,
};

function answered(plan: AskPlan, subscription: Subscription | null, over: Partial<AskFreeResponse> = {}): AskFreeResponse {
  return {
    success: true,
    id: subscription ? "h1" : null,
    question: "q",
    plan,
    summary: plan.summary,
    response: `Over ${plan.period}, Solana rose 4.10% and Ethereum fell 2.30%.\n\nAs of 30 April 2026, 11:40 UTC.`,
    tables: [table],
    asOf: "2026-04-30T11:40:00.000Z",
    cached: false,
    charged: true,
    subscription,
    rateLimit: { remaining: null, resetTime: null },
    ...over,
  };
}

const member = makeUser();
const sub = makeSubscription({ tier: "basic", queryCount: 3, queryLimit: 30 });
const sent = (operation: "planAskQuestion" | "answerAskPlan") => calls.filter((c) => c.operation === operation).map((c) => c.body);
const history = (entries: AskHistoryEntry[] = []) => mock(apiContract.listAskHistory, { entries, nextBefore: null });

describe("/ask: questions in the reader's own words", () => {
  it("plans a comparison, shows the plan, the server's table and the checked text, and says it was counted", async () => {
    server.use(
      ...authMocks(member, sub),
      history(),
      mock(apiContract.planAskQuestion, compare),
      mock(apiContract.answerAskPlan, ({ body }) => answered(body.plan, { ...sub, queryCount: 4 })),
    );
    const user = userEvent.setup();
    renderAt(<AskPage />, { path: "/ask", at: "/ask" });
    await user.type(await screen.findByRole("textbox", { name: "Your question" }), "is sol doing better than eth this week?");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    const turn = await screen.findByTestId("ask-turn");
    await within(turn).findByText("Counted as one question. Kept in your questions below.");
    expect(within(turn).getByTestId("ask-plan")).toHaveTextContent("Plan: Comparing Solana and Ethereum over 7 days");
    const grid = within(turn).getByRole("table", { name: "Solana and Ethereum over 7 days" });
    expect(within(grid).getByRole("cell", { name: "+4.10%" })).toHaveClass("gain");
    expect(within(grid).getByRole("cell", { name: "-2.30%" })).toHaveClass("loss");
    expect(within(turn).getByText(/Solana rose 4.10% and Ethereum fell 2.30%/)).toBeInTheDocument();
    expect(sent("planAskQuestion")).toEqual([{ question: "is sol doing better than eth this week?", previous: null }]);
    expect(sent("answerAskPlan")).toEqual([{ question: "is sol doing better than eth this week?", plan: compare }]);
    // The box is empty again, ready for a follow-up.
    expect(screen.getByRole("textbox", { name: "Ask a follow-up, or a new question" })).toHaveValue("");
  });

  it("corrects the plan with one click: another recorded period is answered again in place", async () => {
    server.use(
      ...authMocks(member, sub),
      history(),
      mock(apiContract.planAskQuestion, compare),
      mock(apiContract.answerAskPlan, ({ body }) =>
        answered({ ...body.plan, summary: `Comparing Solana and Ethereum over ${body.plan.period === "30d" ? "30 days" : "7 days"}` }, sub),
      ),
    );
    const user = userEvent.setup();
    renderAt(<AskPage />, { path: "/ask", at: "/ask" });
    await user.click(await screen.findByRole("button", { name: "Is SOL doing better than ETH this week?" }));
    const turn = await screen.findByTestId("ask-turn");
    await within(turn).findByText(/Counted as one question/);
    expect(within(turn).getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(turn).getByRole("button", { name: "30 days" }));
    await waitFor(() => expect(within(turn).getByTestId("ask-plan")).toHaveTextContent("Comparing Solana and Ethereum over 30 days"));
    expect(sent("answerAskPlan").map((b) => (b as { plan: AskPlan }).plan.period)).toEqual(["7d", "30d"]);
    expect(screen.getAllByTestId("ask-turn")).toHaveLength(1);
  });

  it("a follow-up is planned with the plan answered before it", async () => {
    const monthly = { ...compare, period: "30d" as const, summary: "Comparing Solana and Ethereum over 30 days" };
    server.use(
      ...authMocks(member, sub),
      history(),
      mock(apiContract.planAskQuestion, ({ body }) => (body.previous ? monthly : compare)),
      mock(apiContract.answerAskPlan, ({ body }) => answered(body.plan, sub)),
    );
    const user = userEvent.setup();
    renderAt(<AskPage />, { path: "/ask", at: "/ask" });
    await user.type(await screen.findByRole("textbox", { name: "Your question" }), "sol vs eth this week{Enter}");
    await screen.findByText(/Counted as one question/);
    await user.type(screen.getByRole("textbox", { name: "Ask a follow-up, or a new question" }), "and over a month?{Enter}");
    await waitFor(() => expect(screen.getAllByTestId("ask-plan").at(-1)).toHaveTextContent("over 30 days"));
    expect(sent("planAskQuestion")).toEqual([
      { question: "sol vs eth this week", previous: null },
      { question: "and over a month?", previous: compare },
    ]);
    // Start over: the next question is not a follow-up.
    await waitFor(() => expect(screen.getAllByText(/Counted as one question/)).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Start over" }));
    expect(screen.queryAllByTestId("ask-turn")).toHaveLength(0);
    expect(screen.getByRole("textbox", { name: "Your question" })).toBeInTheDocument();
  });

  it("a question it cannot answer gets the planner's kind refusal, is not answered and not counted", async () => {
    server.use(
      ...authMocks(member, sub),
      history(),
      mock(apiContract.planAskQuestion, {
        kind: "refusal",
        reason: "advice",
        message: "Coinsight cannot tell you what to buy. It can compare coins' recorded moves, for example.",
      }),
    );
    const user = userEvent.setup();
    renderAt(<AskPage />, { path: "/ask", at: "/ask" });
    await user.type(await screen.findByRole("textbox", { name: "Your question" }), "should i buy doge{Enter}");
    expect(await screen.findByTestId("ask-refusal")).toHaveTextContent(
      "Coinsight cannot tell you what to buy. It can compare coins' recorded moves, for example. Nothing was counted.",
    );
    expect(sent("answerAskPlan")).toEqual([]);
  });

  it("a guest: what is free is said first, and a watchlist question asks them to sign in", async () => {
    const watchlist: AskPlan = {
      kind: "plan",
      intent: "watchlist",
      scope: "watchlist",
      coins: [],
      period: "7d",
      metric: "change",
      screen: null,
      summary: "Your watchlist over 7 days",
    };
    server.use(
      ...authMocks(null),
      mock(apiContract.planAskQuestion, watchlist),
      mock(
        apiContract.answerAskPlan,
        { ...errorBody("UNAUTHORIZED", "Sign in to ask about your watchlist."), subscription: null },
        { status: 401 },
      ),
    );
    const user = userEvent.setup();
    renderAt(<AskPage />, { path: "/ask", at: "/ask" });
    await waitFor(() => expect(screen.getByTestId("ask-usage")).toHaveTextContent("Guests can ask what a coin is, free."));
    expect(screen.getByText(/to keep your questions and answers here/)).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Your question" }), "how did my coins do this week{Enter}");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Sign in to ask about your watchlist.");
    expect(within(alert).getByRole("link", { name: "Sign in" })).toBeInTheDocument();
    expect(calls.filter((c) => c.operation === "listAskHistory")).toHaveLength(0);
  });

  it("refuses an empty question in the box without sending it", async () => {
    server.use(...authMocks(member, sub), history());
    const user = userEvent.setup();
    renderAt(<AskPage />, { path: "/ask", at: "/ask" });
    await user.click(await screen.findByRole("button", { name: "Ask" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Type a question");
    expect(sent("planAskQuestion")).toEqual([]);
  });
});

describe("/ask: the member's questions", () => {
  const entry = (id: string, question: string): AskHistoryEntry => ({
    id,
    question,
    plan: compare,
    response: "Solana rose 4.10% over 7 days.",
    tables: [table],
    asOf: "2026-04-30T11:40:00.000Z",
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  });

  it("lists them newest first, opens one to read again, and deletes one", async () => {
    server.use(
      ...authMocks(member, sub),
      history([entry("a", "sol vs eth"), entry("b", "top losers today")]),
      mock(apiContract.deleteAskHistoryEntry, { success: true }),
    );
    const user = userEvent.setup();
    renderAt(<AskPage />, { path: "/ask", at: "/ask" });
    const list = await screen.findByRole("list");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => within(li).getAllByRole("button")[0]?.textContent),
    ).toEqual(["sol vs eth", "top losers today"]);
    await user.click(within(list).getByRole("button", { name: "sol vs eth" }));
    expect(await within(list).findByText("Solana rose 4.10% over 7 days.")).toBeInTheDocument();
    await user.click(within(list).getByRole("button", { name: "Delete “top losers today”" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect(calls.filter((c) => c.operation === "deleteAskHistoryEntry").map((c) => c.params)).toEqual([{ id: "b" }]);
  });

  it("says when there are none", async () => {
    server.use(...authMocks(member, sub), history());
    renderAt(<AskPage />, { path: "/ask", at: "/ask" });
    expect(await screen.findByText(/No questions yet/)).toBeInTheDocument();
  });

  it("says when they cannot be loaded", async () => {
    server.use(...authMocks(member, sub), failure(apiContract.listAskHistory));
    renderAt(<AskPage />, { path: "/ask", at: "/ask" });
    expect(await screen.findByText("Your questions could not be loaded. Please try again later.")).toBeInTheDocument();
  });
});

describe("the coin card's question box", () => {
  it("asks on /ask once, with the coin as the conversation's context", async () => {
    server.use(
      ...authMocks(member, sub),
      history(),
      mock(apiContract.planAskQuestion, { ...compare, intent: "movement", coins: [sol], summary: "How Solana moved over 30 days" }),
      mock(apiContract.answerAskPlan, ({ body }) => answered(body.plan, sub, { tables: [] })),
    );
    const user = userEvent.setup();
    const { router } = renderAt(<CardQuestionBox coin={{ id: "solana", symbol: "SOL", name: "Solana" }} />, {
      path: "/coin/:symbol",
      at: "/coin/SOL",
      routes: [{ path: "/ask", element: <AskPage /> }],
    });
    await user.type(screen.getByRole("textbox", { name: "Ask about Solana in your own words" }), "how did it do this month?");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    await screen.findByText(/Counted as one question/);
    expect(router.state.location.pathname).toBe("/ask");
    // Handed over once: the history entry no longer carries it, so a reload does not ask (and count) it again.
    expect(router.state.location.state).toBeNull();
    expect(sent("planAskQuestion")).toEqual([
      {
        question: "how did it do this month?",
        previous: {
          kind: "plan",
          intent: "about",
          scope: "coins",
          coins: [{ id: "solana", symbol: "SOL", name: "Solana" }],
          period: "24h",
          metric: "profile",
          screen: null,
          summary: "About Solana",
        },
      },
    ]);
  });
});
