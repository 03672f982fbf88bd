import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, Toaster } from "#web/components/ui/toast.tsx";
import { renderAt } from "#web/test/render.tsx";
import { DailySummaryCard } from "./daily-summary.tsx";
import { apiError, fakeApi, summaryOf, TODAY } from "./fixtures.ts";
import { GENERATION_TOOLS, GenerationTools } from "./generation-tools.tsx";

function mount(element: React.ReactElement, routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes);
  vi.spyOn(globalThis, "fetch").mockImplementation(api.fetch);
  renderAt(
    <>
      {element}
      <Toaster />
    </>,
  );
  return api;
}

beforeEach(() => act(() => dismissToast()));
afterEach(() => vi.restoreAllMocks());

describe("daily summary", () => {
  it.each([
    [96.5, "rate-green"],
    [90, "rate-green"],
    [80, "rate-yellow"],
    [70, "rate-yellow"],
    [40, "rate-red"],
  ])("colours a %s%% success rate %s", async (rate, tone) => {
    mount(<DailySummaryCard />, { "GET /api/admin/daily-summary": summaryOf({ completionRate: rate }) });
    const value = await screen.findByTestId("completion-rate");
    expect(value).toHaveTextContent(`${rate}%`);
    expect(value.className).toContain(tone);
  });

  it("lists critical failures and warnings with the day's counts", async () => {
    mount(<DailySummaryCard />, {
      "GET /api/admin/daily-summary": summaryOf({
        completedTasks: 3,
        failedTasks: 1,
        completionRate: 60,
        averageCompletionTime: 65,
        criticalFailures: ["LunarCrush data failed: LunarCrush answered 503"],
        warnings: ["1 article held for review (figures did not match the data): Bitcoin slips"],
      }),
    });
    const card = await screen.findByRole("region", { name: "Daily summary" });
    expect(await within(card).findByText("LunarCrush data failed: LunarCrush answered 503")).toBeInTheDocument();
    expect(card).toHaveTextContent(`Daily summary · ${TODAY}`);
    expect(card).toHaveTextContent("3Completed tasks");
    expect(card).toHaveTextContent("1Failed tasks");
    expect(card).toHaveTextContent("1m 05sAverage completion time");
    expect(card).toHaveTextContent("1 article held for review");
    expect(within(card).getByRole("link", { name: /1 article held for review/ })).toHaveAttribute(
      "href",
      "/admin?tab=articles&filter=review",
    );
  });

  it("says when it cannot load", async () => {
    mount(<DailySummaryCard />, { "GET /api/admin/daily-summary": () => apiError(500, "boom") });
    expect(await screen.findByText("Unable to load daily summary data")).toBeInTheDocument();
  });
});

describe("generation tools", () => {
  it("each button starts its generation and toasts the server's answer", async () => {
    const routes = Object.fromEntries(
      GENERATION_TOOLS.map(({ call }) => [`POST /api/admin/${call}`, { success: true, message: `Started ${call}.`, runs: [] }]),
    );
    const api = mount(<GenerationTools />, routes);
    expect(GENERATION_TOOLS.map((t) => t.label)).toEqual([
      "Daily roundup",
      "Trending analysis",
      "LunarCrush data",
      "Trending top 100",
      "Trending 101-300",
      "Trending 301-500",
    ]);
    for (const { call, label } of GENERATION_TOOLS) {
      fireEvent.click(screen.getByRole("button", { name: label }));
      expect(await screen.findByText(`Started ${call}.`)).toBeInTheDocument();
      expect(api.calls.at(-1)).toMatchObject({ method: "POST", path: `/api/admin/${call}` });
    }
    expect(screen.getByTestId("toast")).toHaveTextContent(/^Success/);
  });

  it("toasts an error with the server's message", async () => {
    mount(<GenerationTools />, { "POST /api/admin/generate-lunarcrush-data": () => apiError(409, "LunarCrush data is already running") });
    fireEvent.click(screen.getByRole("button", { name: "LunarCrush data" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("ErrorLunarCrush data is already running");
  });

  it("downloads a rank range under the server's file name", async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return "blob:lunarcrush";
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    const api = mount(<GenerationTools />, {
      "GET /api/admin/download-lunarcrush-data/101-300": () =>
        new Response('{"range":"101-300","coins":[]}', {
          headers: {
            "content-type": "application/json",
            "content-disposition": `attachment; filename="lunarcrush-rank-101-300-${TODAY}.json"`,
          },
        }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Download ranks 101-300" }));
    expect(await screen.findByText(`Downloaded lunarcrush-rank-101-300-${TODAY}.json`)).toBeInTheDocument();
    expect(clicked).toEqual([{ download: `lunarcrush-rank-101-300-${TODAY}.json`, href: "blob:lunarcrush" }]);
    expect(await created[0]?.text()).toBe('{"range":"101-300","coins":[]}');
    expect(api.calls.at(-1)).toMatchObject({ method: "GET", path: "/api/admin/download-lunarcrush-data/101-300" });
  });

  it("toasts the spec's message when a download fails", async () => {
    mount(<GenerationTools />, { "GET /api/admin/download-lunarcrush-data/1-100": () => apiError(404, "No LunarCrush data") });
    fireEvent.click(screen.getByRole("button", { name: "Download ranks 1-100" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to download LunarCrush rank 1-100 data.");
  });
});
