import { type PresenceClientMessage, type PresenceServerMessage, presenceServerMessage } from "#schema/contracts/presence.ts";
import { backoffDelay, closeSocket, SOCKET_PING_MS, socketUrl } from "#web/lib/socket.ts";

export type PresenceHandlers = {
  onMessage(message: PresenceServerMessage): void;
  /** Connected, or lost (refused, dropped, the server gone): the strip says nothing it cannot vouch for. */
  onStatus(live: boolean): void;
};

/** The server's messages, read by the contract's schema (the desk loads zod anyway); anything else is ignored. */
export function readPresenceMessage(data: unknown): PresenceServerMessage | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = presenceServerMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * One editor's socket to its article's presence object: says whether the admin is editing (now, and
 * again after every reconnect), reconnects with backoff and jitter, and names the revision the editor
 * shows so a reconnect hears of a change it missed.
 */
export class PresenceConnection {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private ping: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private editing = false;

  constructor(
    private readonly articleId: number,
    private readonly revision: () => number,
    private readonly handlers: PresenceHandlers,
  ) {
    this.open();
  }

  setEditing(editing: boolean): void {
    if (editing === this.editing) return;
    this.editing = editing;
    this.say({ type: "state", editing });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.drop();
  }

  private say(message: PresenceClientMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private open(): void {
    let ws: WebSocket;
    try {
      ws = new WebSocket(socketUrl(`/api/articles/${this.articleId}/presence?revision=${this.revision()}`));
    } catch {
      this.fail();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.handlers.onStatus(true);
      if (this.editing) this.say({ type: "state", editing: true });
      this.ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), SOCKET_PING_MS);
    };
    ws.onmessage = (e) => {
      const message = readPresenceMessage(e.data);
      if (message) this.handlers.onMessage(message);
    };
    ws.onclose = () => {
      if (this.ws === ws) this.fail();
    };
  }

  private fail(): void {
    this.drop();
    if (this.stopped) return;
    this.handlers.onStatus(false);
    this.retry = setTimeout(() => this.open(), backoffDelay(this.attempt++));
  }

  private drop(): void {
    clearInterval(this.ping);
    const ws = this.ws;
    this.ws = null;
    if (ws) closeSocket(ws);
  }
}
