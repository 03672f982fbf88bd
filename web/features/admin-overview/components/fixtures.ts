import type { DailySummary, GenerationStatus, TaskKey, TaskStatus } from "#schema/contracts/newsroom.ts";
import { taskDependencies, taskKeys } from "#schema/contracts/newsroom.ts";

export const TODAY = new Date().toISOString().slice(0, 10);

export function taskStatus(task: TaskKey, overrides: Partial<TaskStatus> = {}): TaskStatus {
  return {
    task,
    date: TODAY,
    status: "not_started",
    progress: null,
    error: null,
    nextRetryIn: null,
    completed_at: null,
    blockedBy: [...taskDependencies[task]],
    startedAt: null,
    articles: { published: 0, review: 0 },
    ...overrides,
  };
}

export function statusOf(overrides: Partial<Record<TaskKey, Partial<TaskStatus>>> = {}): GenerationStatus {
  return Object.fromEntries(taskKeys.map((k) => [k, taskStatus(k, overrides[k])])) as GenerationStatus;
}

export function summaryOf(overrides: Partial<DailySummary["summary"]> = {}): DailySummary {
  return {
    summary: {
      date: TODAY,
      completedTasks: 5,
      failedTasks: 0,
      completionRate: 100,
      averageCompletionTime: 14,
      criticalFailures: [],
      warnings: [],
      ...overrides,
    },
  };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A fetch stub keyed by "METHOD /path" that records every call. */
export function fakeApi(routes: Record<string, unknown | Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const hit = routes[`${method} ${url.pathname}`];
    if (hit === undefined) return new Response('{"error":{"code":"NOT_FOUND","message":"nope","requestId":"r"}}', { status: 404 });
    if (typeof hit === "function") return (hit as Handler)(init);
    return Response.json(hit);
  };
  return { fetch, calls };
}

export function apiError(status: number, message: string): Response {
  return new Response(JSON.stringify({ error: { code: "X", message, requestId: "req-1" } }), { status, statusText: "Error" });
}
