import { DurableObject } from "cloudflare:workers";
import {
  LIVE_CLOSE,
  LIVE_MAX_MESSAGE_BYTES,
  LIVE_PAGES,
  type LiveServerMessage,
  type LiveTopic,
  liveClientMessage,
} from "#schema/contracts/live.ts";
import {
  admitMessage,
  answerClose,
  closeQuietly,
  type MessageWindow,
  refuseMessage,
  sendQuietly,
  WS_CLOSE,
} from "#worker/lib/websocket.ts";
import { applyTick, catchUp, globalMessage, type HubState, type LiveTick, tickMessage } from "./hub-state.ts";
import { LIVE_LIMITS, liveErrorResponse } from "./limits.ts";

/** What each socket carries through hibernation: its address tag and its message allowance. */
type Attachment = MessageWindow & { address: string };

const ADDRESS_TAG = "address:";

/**
 * Holds readers' WebSockets with the Hibernation API: `acceptWebSocket` with a tag per topic (and
 * one for the client's address), so the runtime keeps the sockets while the object sleeps and an
 * idle reader costs nothing. The price feed calls `publish` after each tick; the hub diffs it
 * against the last tick it saw and sends each topic's changed rows once, to that topic's sockets.
 * Its state lives in storage, so a hub woken from hibernation (or a new instance) diffs and answers
 * resumes as before. A client speaks only to resume; `ping` is answered by the runtime.
 */
export class LiveHub extends DurableObject<Env> {
  /** undefined: not read from storage yet (a fresh instance, or woken from hibernation). */
  private state: HubState | null | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alives are answered without waking the object (or counting against the client).
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  private async load(): Promise<HubState | null> {
    if (this.state === undefined) this.state = (await this.ctx.storage.get<HubState>("state")) ?? null;
    return this.state;
  }

  /** The upgrade, forwarded by GET /api/live after its checks (origin, topics, crawler). */
  override async fetch(request: Request): Promise<Response> {
    const requestId = request.headers.get("x-request-id") ?? "unknown";
    const address = request.headers.get("x-live-address") ?? "unknown";
    const topics = (request.headers.get("x-live-topics") ?? "").split(",").filter(Boolean) as LiveTopic[];
    const sinceHeader = request.headers.get("x-live-since");
    const since = sinceHeader ? Number(sinceHeader) : undefined;
    if (this.ctx.getWebSockets(`${ADDRESS_TAG}${address}`).length >= LIVE_LIMITS.socketsPerAddress)
      return liveErrorResponse("RATE_LIMITED", `At most ${LIVE_LIMITS.socketsPerAddress} live connections per address.`, requestId);
    if (this.ctx.getWebSockets().length >= LIVE_LIMITS.socketsPerHub)
      return liveErrorResponse("RATE_LIMITED", "Live prices are full right now; the page refreshes on its own.", requestId);
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [...topics, `${ADDRESS_TAG}${address}`]);
    server.serializeAttachment({ address, windowStart: Date.now(), count: 0 } satisfies Attachment);
    // Whatever changed since the client's data (all of each topic for a first connection).
    const state = await this.load();
    if (state) for (const m of catchUp(state, topics, since)) server.send(JSON.stringify(m));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** One tick from the price feed: fold it in, then send each topic its changes. Answers what it sent. */
  async publish(t: LiveTick): Promise<{ changed: number; messages: number }> {
    const state = await this.load();
    const prev = state?.tick ?? null;
    const { next, changes } = applyTick(state, t);
    this.state = next;
    await this.ctx.storage.put("state", next);
    let messages = 0;
    const send = (topic: string, message: () => LiveServerMessage | null) => {
      const sockets = this.ctx.getWebSockets(topic);
      const m = sockets.length ? message() : null;
      if (!m) return;
      // One serialisation per topic, however many readers it has.
      const text = JSON.stringify(m);
      for (const ws of sockets) {
        if (sendQuietly(ws, text)) messages++;
      }
    };
    send("global", () => globalMessage(next, prev));
    // Every page topic hears every tick, changed rows or none, so a client can tell a quiet tick from a lost one.
    for (let page = 1; page <= LIVE_PAGES; page++) {
      const topic = `top:${page}` as LiveTopic;
      send(topic, () => tickMessage(next, prev, topic, changes.byTopic.get(topic) ?? [], false));
    }
    for (const id of Object.keys(next.rows)) {
      const topic = `coin:${id}` as LiveTopic;
      send(topic, () => tickMessage(next, prev, topic, changes.byTopic.get(topic) ?? [], false));
    }
    return { changed: changes.changed, messages };
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const refused = admitMessage(ws, message, { maxBytes: LIVE_MAX_MESSAGE_BYTES, perMinute: LIVE_LIMITS.messagesPerMinute });
    if (refused) return refuse(ws, refused.close, refused.code, refused.message);
    if (typeof message !== "string") return refuse(ws, LIVE_CLOSE.policy, "BAD_REQUEST", "Messages are JSON text.");
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return refuse(ws, LIVE_CLOSE.policy, "BAD_REQUEST", "Messages are JSON text.");
    }
    const result = liveClientMessage.safeParse(parsed);
    if (!result.success) return refuse(ws, LIVE_CLOSE.policy, "BAD_REQUEST", 'Send {"type":"resume","since":<tick>} or "ping".');
    const state = await this.load();
    if (!state) return;
    const topics = this.ctx.getTags(ws).filter((t) => !t.startsWith(ADDRESS_TAG)) as LiveTopic[];
    for (const m of catchUp(state, topics, result.data.since)) ws.send(JSON.stringify(m));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    answerClose(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    closeQuietly(ws, WS_CLOSE.error, "socket error");
  }
}

/** Tells the client why, then closes with the matching code; the client falls back to polling. */
function refuse(ws: WebSocket, code: number, errorCode: "BAD_REQUEST" | "RATE_LIMITED" | "PAYLOAD_TOO_LARGE", message: string): void {
  refuseMessage(ws, code, JSON.stringify({ type: "error", code: errorCode, message } satisfies LiveServerMessage), message);
}
