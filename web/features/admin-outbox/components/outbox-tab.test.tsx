import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboxItem, OutboxList } from "#schema/contracts/outbox.ts";
import { renderAt, stubFetch } from "#web/test/render.tsx";
import { OutboxTab } from "./outbox-tab.tsx";

afterEach(() => vi.unstubAllGlobals());

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

function renderTab(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(stubFetch(routes));
  vi.stubGlobal("fetch", fetchMock);
  renderAt(<OutboxTab />, { path: "/admin" });
  return fetchMock;
}

const list = (items: OutboxItem[], mailLive = false): OutboxList => ({ items, mailLive });

describe("OutboxTab", () => {
  it("lists captured messages newest first; a message opens to its headers, text and a sandboxed HTML preview", async () => {
    renderTab({ "/api/admin/outbox?limit=100": list([confirm, post]) });
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
    const fetchMock = renderTab({ "/api/admin/outbox?limit=100": list([confirm]), "/api/admin/outbox?limit=100&channel=social": list([]) });
    await screen.findByText(confirm.subject ?? "");
    await userEvent.click(screen.getByRole("button", { name: "Social posts" }));
    expect(await screen.findByText("No social posts in the outbox.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Social posts" })).toHaveAttribute("aria-pressed", "true");
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/admin/outbox?limit=100&channel=social");
  });

  it("shows the empty outbox, the live-mail note and the error state", async () => {
    renderTab({ "/api/admin/outbox?limit=100": list([], true) });
    expect(await screen.findByText("The outbox is empty.")).toBeInTheDocument();
    expect(screen.getByText(/Mail goes out through the mail provider/)).toBeInTheDocument();
  });

  it("offers a retry when the outbox cannot be read", async () => {
    renderTab({ "/api/admin/outbox?limit=100": () => new Response("{}", { status: 500 }) });
    expect(await screen.findByText("Unable to load the outbox.", { exact: false })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
