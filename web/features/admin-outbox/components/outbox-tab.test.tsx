import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { OutboxItem, OutboxList } from "#schema/contracts/outbox.ts";
import { calls, failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { OutboxTab } from "./outbox-tab.tsx";

const confirm: OutboxItem = {
  id: 2,
  channel: "email",
  recipient: "ada@example.com",
  subject: "Confirm your Coinsight newsletter subscription",
  text: "Confirm: https://coinsight.test/api/newsletter/confirm/abc",
  html: '<p>Confirm</p><script>parent.document.title="owned"</script>',
  headers: { "List-Unsubscribe": "<https://coinsight.test/api/newsletter/one-click/t>" },
  tags: {},
  createdAt: "2026-11-22T07:10:00.000Z",
};
const post: OutboxItem = {
  ...confirm,
  id: 1,
  channel: "social",
  recipient: "@coinsight",
  subject: null,
  text: "Bitcoin leads today",
  html: null,
  headers: {},
};

/** The outbox by channel ("all" when the query names none); the tab always asks for 100. */
function renderTab(lists: Partial<Record<string, OutboxList>>) {
  server.use(
    mock(apiContract.listOutbox, ({ query }) => {
      expect(query.limit).toBe("100");
      return lists[query.channel ?? "all"] ?? { items: [], mailLive: false, queue: [] };
    }),
  );
  renderAt(<OutboxTab />, { path: "/admin" });
}

const list = (items: OutboxItem[], mailLive = false, queue: OutboxList["queue"] = []): OutboxList => ({ items, mailLive, queue });

describe("OutboxTab", () => {
  it("lists captured messages newest first; a message opens to its headers, text and a sandboxed HTML preview", async () => {
    renderTab({ all: list([confirm, post]) });
    const items = await screen.findAllByRole("listitem");
    expect(items.map((li) => within(li).getAllByText(/./, { selector: "summary span span" })[0]?.textContent)).toEqual([
      confirm.subject,
      "Bitcoin leads today",
    ]);
    await userEvent.click(screen.getByText(confirm.subject ?? ""));
    const first = items[0] as HTMLElement;
    expect(within(first).getByText("List-Unsubscribe")).toBeInTheDocument();
    expect(within(first).getByText(confirm.text)).toBeInTheDocument();
    const frame = within(first).getByTitle("HTML part of message 2");
    expect(frame).toHaveAttribute("sandbox", "");
    expect(screen.getByText(/Offline: mail and social posts land here/)).toBeInTheDocument();
  });

  it("filters by channel and says when a channel is empty", async () => {
    renderTab({ all: list([confirm]), social: list([]) });
    await screen.findByText(confirm.subject ?? "");
    await userEvent.click(screen.getByRole("button", { name: "Social posts" }));
    expect(await screen.findByText("No social posts in the outbox.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Social posts" })).toHaveAttribute("aria-pressed", "true");
    expect(calls.map((c) => c.path)).toContain("/api/admin/outbox?limit=100&channel=social");
  });

  it("shows the empty outbox, the live-mail note and the error state", async () => {
    renderTab({ all: list([], true) });
    expect(await screen.findByText("The outbox is empty.")).toBeInTheDocument();
    expect(screen.getByText(/Mail goes out through the mail provider/)).toBeInTheDocument();
    expect(screen.getByText("Nothing went through the mail queue in the last 7 days.")).toBeInTheDocument();
  });

  it("shows what went through the mail queue: queued, sent, retried and dead-lettered per day and kind", async () => {
    const queue: OutboxList["queue"] = [
      { date: "2026-11-22", kind: "daily", queued: 250, sent: 248, retried: 100, deadLettered: 2 },
      { date: "2026-11-22", kind: "notice", queued: 3, sent: 3, retried: 0, deadLettered: 0 },
    ];
    renderTab({ all: list([confirm], false, queue) });
    const table = within(await screen.findByRole("region", { name: "Mail queue" })).getByRole("table");
    const rows = within(table)
      .getAllByRole("row")
      .map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Day (UTC)", "Mail", "Queued", "Sent", "Retried", "Dead-lettered"],
      ["2026-11-22", "Daily newsletter", "250", "248", "100", "2"],
      ["2026-11-22", "Confirmations and notices", "3", "3", "0", "0"],
    ]);
  });

  it("offers a retry when the outbox cannot be read", async () => {
    server.use(failure(apiContract.listOutbox, 500, { body: "{}" }));
    renderAt(<OutboxTab />, { path: "/admin" });
    expect(await screen.findByText("Unable to load the outbox.", { exact: false })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
