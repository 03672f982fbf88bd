import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Alert, AlertList, AlertSettings, Notification } from "#schema/contracts/alerts.ts";
import { apiContract } from "#schema/contracts/api/index.ts";
import { authMocks, makeUser } from "#web/test/auth-fixtures.ts";
import { makeCrypto } from "#web/test/fixtures.ts";
import { calls, errorResponse, failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { AlertsPanel } from "./alerts-panel.tsx";
import { CoinAlertsButton } from "./coin-alerts-button.tsx";
import { NotificationBell } from "./notification-bell.tsx";

const PLANS: AlertList["plans"] = [
  { tier: "free", name: "Free", limit: 3 },
  { tier: "lite", name: "Lite", limit: 10 },
  { tier: "basic", name: "Basic", limit: 25 },
  { tier: "pro", name: "Pro", limit: 100 },
];

function makeAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 1,
    symbol: "BTC",
    coinName: "Bitcoin",
    kind: "price_above",
    threshold: 70_000,
    description: "Price rises above $70,000.00",
    paused: false,
    armed: true,
    waiting: null,
    lastFiredAt: null,
    createdAt: "2026-11-26T10:00:00.000Z",
    ...overrides,
  };
}

const list = (alerts: Alert[]): AlertList => ({
  alerts,
  usage: { used: alerts.length, limit: 3, plan: "Free" },
  plans: PLANS,
  mailsPerDay: 5,
});
const SETTINGS: AlertSettings = { alertMail: true, digest: "off", nextDigestAt: null, scheduledJobsRun: true };

/** Never answers: the screen stays in its loading state. */
const never = () => new Promise<never>(() => {});

function member(alerts: Alert[] = []) {
  server.use(
    ...authMocks(makeUser()),
    mock(apiContract.listAlerts, () => list(alerts)),
    mock(apiContract.getAlertSettings, SETTINGS),
    mock(apiContract.listWatchlist, []),
  );
}

const bodiesOf = (operation: string) => calls.filter((c) => c.operation === operation).map((c) => c.body);

describe("the alerts screen", () => {
  it("asks a guest to log in, and asks the server nothing", async () => {
    server.use(...authMocks(null));
    renderAt(<AlertsPanel />, { path: "/markets" });
    const link = await screen.findByRole("link", { name: "Log in" });
    expect(link).toHaveAttribute("href", "/api/login?returnTo=%2Fmarkets");
    expect(calls.some((c) => c.operation === "listAlerts")).toBe(false);
  });

  it("shows a loading state, then an error with a retry that works", async () => {
    server.use(...authMocks(makeUser()), mock(apiContract.listAlerts, never, { once: true }));
    const { unmount } = renderAt(<AlertsPanel />);
    expect(await screen.findByRole("status", { name: "Loading alerts" })).toBeInTheDocument();
    unmount();
    server.use(
      failure(apiContract.listAlerts, 500, { once: true }),
      mock(apiContract.getAlertSettings, SETTINGS),
      mock(apiContract.listWatchlist, []),
    );
    renderAt(<AlertsPanel />);
    expect(await screen.findByText(/Unable to load your alerts/)).toBeInTheDocument();
    server.use(mock(apiContract.listAlerts, list([])));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No alerts yet. Add one below.")).toBeInTheDocument();
  });

  it("is empty with the plan's usage and every plan's limit", async () => {
    member();
    renderAt(<AlertsPanel />);
    await screen.findByText("No alerts yet. Add one below.");
    const usage = screen.getByText(/on your Free plan/);
    expect(usage).toHaveTextContent("0 of 3 alerts on your Free plan. Plans: Free 3 · Lite 10 · Basic 25 · Pro 100 alerts.");
    expect(within(usage).getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/subscribe");
    expect(screen.getByRole("group", { name: "Email" })).toBeInTheDocument();
  });

  it("lists alerts with their state, and pauses, edits and deletes them", async () => {
    member([
      makeAlert(),
      makeAlert({
        id: 2,
        kind: "new_article",
        threshold: null,
        description: "A new Coinsight article about it is published",
        paused: true,
      }),
      makeAlert({ id: 3, armed: false, threshold: 60_000, description: "Price rises above $60,000.00" }),
    ]);
    server.use(
      mock(apiContract.updateAlert, ({ params, body }) =>
        makeAlert({ id: Number(params.id), paused: body.paused ?? false, threshold: body.threshold ?? 70_000 }),
      ),
      mock(apiContract.deleteAlert, ({ params }) => ({ success: true as const, id: Number(params.id) })),
    );
    renderAt(<AlertsPanel />);
    await screen.findByText("Price rises above $70,000.00");
    expect(screen.getByText("Active")).toBeInTheDocument();
    expect(screen.getByText("Paused")).toBeInTheDocument();
    expect(screen.getByText("Waiting to re-arm")).toBeInTheDocument();
    // A new-article alert has no threshold to edit.
    expect(screen.queryByRole("button", { name: "Edit BTC: A new Coinsight article about it is published" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Pause BTC: Price rises above $70,000.00" }));
    await waitFor(() => expect(bodiesOf("updateAlert")).toEqual([{ paused: true }]));
    fireEvent.click(screen.getByRole("button", { name: "Resume BTC: A new Coinsight article about it is published" }));
    await waitFor(() => expect(bodiesOf("updateAlert")).toHaveLength(2));

    fireEvent.click(screen.getByRole("button", { name: "Edit BTC: Price rises above $70,000.00" }));
    const field = screen.getByLabelText("New threshold for BTC: Price rises above");
    fireEvent.change(field, { target: { value: "72,500" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(bodiesOf("updateAlert").at(-1)).toEqual({ threshold: 72_500 }));

    fireEvent.click(screen.getByRole("button", { name: "Delete BTC: Price rises above $60,000.00" }));
    await waitFor(() => expect(calls.some((c) => c.operation === "deleteAlert" && c.params.id === "3")).toBe(true));
  });

  it("says why a waiting alert waits and what re-arms it, in the server's words, and nothing for the others", async () => {
    const reason = "It fired when ETH moved ±5.00% or more in 24 hours.";
    const rearm = "It re-arms once ETH's 24-hour move is back inside ±4.50% (now +7.20%), then fires again at ±5.00%.";
    member([
      makeAlert({
        id: 7,
        symbol: "ETH",
        kind: "move_24h",
        threshold: 5,
        description: "Price moves ±5.00% in 24 hours",
        armed: false,
        waiting: { reason, rearm },
      }),
      makeAlert({ id: 8, threshold: 90_000, description: "Price rises above $90,000.00" }),
    ]);
    renderAt(<AlertsPanel />);
    const why = await screen.findByText(`${reason} ${rearm}`);
    const row = why.closest("li");
    if (!row) throw new Error("the waiting text is not in its alert's row");
    expect(within(row).getByText("Waiting to re-arm")).toBeInTheDocument();
    expect(within(row).getByText("Price moves ±5.00% in 24 hours")).toBeInTheDocument();
    expect(screen.getAllByText(/re-arms/)).toHaveLength(1);
  });

  it("adds an alert, and keeps what was typed when the server refuses it, next to the field", async () => {
    member();
    server.use(
      mock(
        apiContract.createAlert,
        async ({ body, count }) => {
          if (count === 1) {
            return new Response(
              JSON.stringify({
                error: {
                  code: "BAD_REQUEST",
                  message: "Invalid json: threshold: The threshold must be a number",
                  requestId: "r",
                  issues: [{ path: "threshold", message: "The threshold must be a number" }],
                },
              }),
              { status: 400, headers: { "content-type": "application/json" } },
            );
          }
          if (count === 2)
            return errorResponse(
              402,
              "PAYMENT_REQUIRED",
              "Your Free plan allows 3 alerts. The Lite plan allows 10: upgrade on /subscribe, or delete an alert to add another.",
            );
          return makeAlert({ kind: body.kind, symbol: String(body.symbol) });
        },
        { status: 201 },
      ),
    );
    renderAt(<AlertsPanel />);
    await screen.findByText("No alerts yet. Add one below.");
    fireEvent.change(screen.getByLabelText("Coin"), { target: { value: "btc" } });
    fireEvent.change(screen.getByLabelText("Price (USD)"), { target: { value: "lots" } });
    fireEvent.click(screen.getByRole("button", { name: "Add alert" }));
    const field = screen.getByLabelText("Price (USD)");
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByText("The threshold must be a number")).toBeInTheDocument();
    expect(field).toHaveValue("lots");
    expect(bodiesOf("createAlert")).toEqual([{ symbol: "btc", kind: "price_above", threshold: "lots" }]);

    fireEvent.change(field, { target: { value: "80,000" } });
    fireEvent.click(screen.getByRole("button", { name: "Add alert" }));
    const refusal = await screen.findByRole("alert");
    expect(refusal).toHaveTextContent("Your Free plan allows 3 alerts. The Lite plan allows 10");
    expect(within(refusal).getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/subscribe");

    fireEvent.change(screen.getByLabelText("Alert me when"), { target: { value: "new_article" } });
    expect(screen.queryByLabelText("Price (USD)")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add alert" }));
    await waitFor(() => expect(bodiesOf("createAlert").at(-1)).toEqual({ symbol: "btc", kind: "new_article" }));
  });

  it("turns the digest on", async () => {
    member();
    server.use(mock(apiContract.updateAlertSettings, ({ body }) => ({ ...SETTINGS, ...body, nextDigestAt: "2026-11-26T10:00:00.000Z" })));
    renderAt(<AlertsPanel />);
    const daily = await screen.findByRole("radio", { name: "Daily" });
    await waitFor(() => expect(daily).toBeEnabled());
    fireEvent.click(daily);
    await waitFor(() => expect(bodiesOf("updateAlertSettings")).toEqual([{ digest: "daily" }]));
    // A deployed site's jobs run by themselves: no local-run note.
    expect(screen.queryByTestId("local-run-note")).toBeNull();
  });

  it("on a local run, says the digest's time is only its due time and that scheduled jobs run when deployed", async () => {
    member();
    server.use(
      mock(apiContract.getAlertSettings, {
        ...SETTINGS,
        digest: "daily",
        nextDigestAt: "2026-11-26T10:00:00.000Z",
        scheduledJobsRun: false,
      }),
    );
    renderAt(<AlertsPanel />);
    const note = await screen.findByTestId("local-run-note");
    expect(note).toHaveTextContent(
      "This is a local run: its scheduled jobs run only when the site is deployed, or when a developer triggers them.",
    );
    expect(note).toHaveTextContent("no digest is sent");
    expect(screen.getByText(/^Next digest due: /)).toBeInTheDocument();
    expect(screen.queryByText(/^Next digest: /)).toBeNull();
  });
});

describe("the coin page's Alerts button", () => {
  const btc = makeCrypto();

  it("sends a guest to sign-in", async () => {
    server.use(...authMocks(null));
    renderAt(<CoinAlertsButton coin={btc} />);
    expect(await screen.findByRole("button", { name: "Alerts" })).toHaveAttribute("title", "Login to set alerts");
  });

  it("opens this coin's alerts in a dialog, with a form for this coin", async () => {
    member([makeAlert(), makeAlert({ id: 9, symbol: "ETH", coinName: "Ethereum", description: "Price rises above $9,000.00" })]);
    renderAt(<CoinAlertsButton coin={btc} />);
    const open = await screen.findByRole("button", { name: "Alerts" });
    await waitFor(() => expect(open).toHaveAttribute("aria-haspopup", "dialog"));
    fireEvent.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Alerts on Bitcoin" });
    await within(dialog).findByText("Price rises above $70,000.00");
    expect(within(dialog).queryByText("Price rises above $9,000.00")).toBeNull();
    expect(within(dialog).queryByLabelText("Coin")).toBeNull();
    expect(within(dialog).getByRole("heading", { name: "New alert on Bitcoin" })).toBeInTheDocument();
  });
});

function note(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    kind: "price_above",
    symbol: "BTC",
    title: "BTC rose above $70,000.00",
    body: "Bitcoin was $70,500.00 (+2.50% in 24 hours) as of 26 Nov 2026, 10:00 UTC.",
    href: "/coin/btc",
    asOf: "2026-11-26T10:00:00.000Z",
    createdAt: "2026-11-26T10:00:01.000Z",
    read: false,
    ...overrides,
  };
}

describe("the header's bell", () => {
  it("is not there for a guest", async () => {
    server.use(...authMocks(null));
    const { container } = renderAt(<NotificationBell />);
    await waitFor(() => expect(calls.some((c) => c.operation === "getCurrentUser") || container.innerHTML === "").toBe(true));
    expect(screen.queryByRole("button", { name: /Notifications/ })).toBeNull();
    expect(calls.some((c) => c.operation === "listNotifications")).toBe(false);
  });

  it("shows loading, then an error with a retry, then an empty panel", async () => {
    server.use(...authMocks(makeUser()), mock(apiContract.listNotifications, never, { once: true }));
    const first = renderAt(<NotificationBell />);
    fireEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    expect(await screen.findByRole("status", { name: "Loading notifications" })).toBeInTheDocument();
    first.unmount();
    server.use(failure(apiContract.listNotifications, 503, { once: true }));
    renderAt(<NotificationBell />);
    fireEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    expect(await screen.findByText(/Unable to load notifications/)).toBeInTheDocument();
    server.use(mock(apiContract.listNotifications, { items: [], unread: 0 }));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  });

  it("counts the unread, links each event, and marks read", async () => {
    server.use(
      ...authMocks(makeUser()),
      mock(apiContract.listNotifications, {
        items: [
          note(),
          note({ id: 2, title: "New article on ETH: Ethereum in focus", href: "/article/eth-in-focus", kind: "new_article" }),
          note({ id: 3, read: true }),
        ],
        unread: 2,
      }),
      mock(apiContract.markNotificationsRead, { unread: 0 }),
    );
    renderAt(<NotificationBell />, { routes: [{ path: "/coin/:symbol", element: <p>coin page</p> }] });
    const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });
    expect(bell).toHaveTextContent("2");
    fireEvent.click(bell);
    const article = await screen.findByRole("link", { name: /^New article on ETH: Ethereum in focus/ });
    expect(article).toHaveTextContent("(unread)");
    expect(article).toHaveAttribute("href", "/article/eth-in-focus");
    fireEvent.click(screen.getByRole("button", { name: "Mark all read" }));
    await waitFor(() => expect(bodiesOf("markNotificationsRead")).toEqual([{ all: true }]));
    // The panel stays open; choosing an event opens its page and marks it read.
    const [unreadBtc] = screen.getAllByRole("link", { name: /^BTC rose above \$70,000.00/ });
    fireEvent.click(unreadBtc as HTMLElement);
    await screen.findByText("coin page");
    expect(bodiesOf("markNotificationsRead").at(-1)).toEqual({ ids: [1] });
  });
});
