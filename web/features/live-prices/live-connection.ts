import type { LiveServerMessage, LiveTopic } from "#schema/contracts/live.ts";
import { setLiveStatus } from "#web/lib/live-status.ts";
import { backoffDelay, closeSocket, SOCKET_PING_MS } from "#web/lib/socket.ts";

/** A tab hidden this long lets its socket go; it resumes from its last tick when seen again. */
const HIDDEN_CLOSE_MS = 30_000;
/** A socket that hears nothing for this long (a tick every 30 s) is taken for dead. */
const SILENCE_MS = 75_000;

export type LiveHandlers = {
  /** Every message, in order (the caller writes it into the cache). */
  onMessage(message: LiveServerMessage): void;
  /** The socket is gone (or refused): the caller starts polling and fetches what it missed now. */
  onFallback(): void;
};

/**
 * One WebSocket for the page's topics. Tracks the last tick it applied; a message whose `prev` is
 * not that tick means one was lost, and it asks the server to resume from it. Reconnects with
 * backoff and jitter (and the last tick, so nothing is missed), lets the socket go while the tab is
 * hidden, and tells the caller to poll whenever it is not live.
 */
export class LiveConnection {
  private ws: WebSocket | null = null;
  private topics: LiveTopic[] = [];
  private lastTick: number | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  private silence: ReturnType<typeof setTimeout> | undefined;
  private ping: ReturnType<typeof setInterval> | undefined;
  private stopped = false;

  constructor(
    private readonly handlers: LiveHandlers,
    private readonly url: (topics: LiveTopic[], since: number | null) => string,
  ) {
    document.addEventListener("visibilitychange", this.onVisibility);
  }

  /**
   * Subscribes to `topics` (a new socket when they change; none when empty). A topic new to the socket
   * holds data as old as its own fetch, not as the last tick the other topics brought: resuming it from
   * that tick would skip a tick between the two (a coin page that opened its socket for the strip
   * first missed a move for a whole tick). So a socket that gains a topic starts over, with every row
   * of its topics; one that only loses topics resumes from the last tick.
   */
  setTopics(topics: LiveTopic[]): void {
    if (topics.join(",") === this.topics.join(",")) return;
    if (topics.some((t) => !this.topics.includes(t))) this.lastTick = null;
    this.topics = topics;
    this.reopen();
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener("visibilitychange", this.onVisibility);
    clearTimeout(this.retry);
    clearTimeout(this.hiddenTimer);
    this.drop();
    setLiveStatus("off");
  }

  private reopen(): void {
    clearTimeout(this.retry);
    this.drop();
    if (this.stopped || this.topics.length === 0) return;
    if (document.visibilityState === "hidden") this.pause();
    else this.open();
  }

  private open(): void {
    setLiveStatus("connecting");
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url(this.topics, this.lastTick));
    } catch {
      this.fail();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      setLiveStatus("live");
      this.ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), SOCKET_PING_MS);
      this.listen();
    };
    ws.onmessage = (e) => {
      this.listen();
      if (e.data === "pong") return;
      const message = readMessage(safeJson(e.data));
      if (message) this.receive(message, ws);
    };
    // A refused upgrade, a lost network, a server's close: all end here. Polling takes over until back.
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.fail();
    };
  }

  private receive(message: LiveServerMessage, ws: WebSocket): void {
    if (message.type !== "error") {
      const { tick, prev } = message;
      const last = this.lastTick;
      // A later tick relative to one we never applied: ask for everything since ours.
      if (last !== null && tick > last && prev !== null && prev !== last) ws.send(JSON.stringify({ type: "resume", since: last }));
      if (last === null || tick > last) this.lastTick = tick;
    }
    this.handlers.onMessage(message);
  }

  /** Restarts the silence watch: a socket that stops hearing ticks is closed and reopened. */
  private listen(): void {
    clearTimeout(this.silence);
    this.silence = setTimeout(() => this.ws?.close(), SILENCE_MS);
  }

  private fail(): void {
    this.drop();
    if (this.stopped) return;
    setLiveStatus("paused");
    // Once per outage: fetch what was missed now, then the price queries poll until the socket is back.
    if (this.attempt === 0) this.handlers.onFallback();
    this.retry = setTimeout(() => this.reopen(), backoffDelay(this.attempt++));
  }

  private pause(): void {
    this.drop();
    setLiveStatus("paused");
  }

  private drop(): void {
    clearTimeout(this.silence);
    clearInterval(this.ping);
    const ws = this.ws;
    this.ws = null;
    if (ws) closeSocket(ws);
  }

  private readonly onVisibility = (): void => {
    clearTimeout(this.hiddenTimer);
    if (document.visibilityState === "hidden") {
      this.hiddenTimer = setTimeout(() => {
        // Hidden long enough: polling (paused by the hidden tab) stands in until the reader is back.
        this.pause();
        this.handlers.onFallback();
      }, HIDDEN_CLOSE_MS);
    } else if (!this.ws) {
      this.attempt = 0;
      this.reopen();
    }
  };
}

function safeJson(data: unknown): unknown {
  try {
    return typeof data === "string" ? JSON.parse(data) : null;
  } catch {
    return null;
  }
}

/**
 * The server's messages, checked by their shape by hand: the pages that open a socket (the home page
 * among them) load no validator library. What is not one of the three kinds is ignored.
 */
function readMessage(data: unknown): LiveServerMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const m = data as Record<string, unknown>;
  if (m.type === "error") return typeof m.message === "string" ? (data as LiveServerMessage) : null;
  if (typeof m.tick !== "number" || !(m.prev === null || typeof m.prev === "number")) return null;
  if (m.type === "global") return typeof m.global === "object" && m.global !== null ? (data as LiveServerMessage) : null;
  if (m.type !== "tick" || typeof m.topic !== "string" || !Array.isArray(m.rows)) return null;
  const rowsOk = m.rows.every((r) => typeof r === "object" && r !== null && typeof (r as { id?: unknown }).id === "string");
  return rowsOk ? (data as LiveServerMessage) : null;
}
