import { DurableObject } from "cloudflare:workers";
import {
  type ArticleChange,
  PRESENCE_MAX_MESSAGE_BYTES,
  type PresencePerson,
  type PresenceServerMessage,
  presenceClientMessage,
} from "#schema/contracts/presence.ts";
import { errorBody } from "#worker/lib/errors.ts";
import {
  admitMessage,
  answerClose,
  closeQuietly,
  type MessageWindow,
  refuseMessage,
  sendQuietly,
  WS_CLOSE,
} from "#worker/lib/websocket.ts";

/** Who a socket is, kept by the runtime with the socket itself, so it survives hibernation. */
type Attachment = PresencePerson & MessageWindow;

/** The admin behind an upgrade, as the route hands it over (the route checked the session and the role). */
export type PresenceUser = { userId: string; name: string; email: string };

export const PRESENCE_LIMITS = {
  /** Open editors of one article: a newsroom's admins in a few tabs each. */
  socketsPerArticle: 50,
  /** Client messages per socket per minute: an editor speaks when it starts typing and when it saves. */
  messagesPerMinute: 30,
} as const;

const LAST_CHANGE = "lastChange";

/**
 * The editors of one article (one object per article: `idFromName` of its id), over WebSockets
 * accepted with the Hibernation API. The runtime holds the sockets and, in each one's attachment,
 * who it is and whether they are editing: the object keeps nothing in memory, so it sleeps between
 * messages and a sleeping socket costs no duration. It sends the list of people to every socket
 * whenever someone comes, goes or starts or stops editing, and the desk's writes tell it (`notify`)
 * after their commit, which it passes on. Its storage keeps only the last change, for an editor
 * that reconnects after missing it.
 */
export class ArticlePresence extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alives are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** The upgrade, forwarded by GET /api/articles/{id}/presence after its checks (admin, origin, a live article). */
  override async fetch(request: Request): Promise<Response> {
    const requestId = request.headers.get("x-request-id") ?? "unknown";
    const user = JSON.parse(decodeURIComponent(request.headers.get("x-presence-user") ?? "")) as PresenceUser;
    const shown = Number(request.headers.get("x-presence-revision") ?? Number.NaN);
    const current = Number(request.headers.get("x-article-revision") ?? Number.NaN);
    if (this.ctx.getWebSockets().length >= PRESENCE_LIMITS.socketsPerArticle)
      return Response.json(errorBody("RATE_LIMITED", `At most ${PRESENCE_LIMITS.socketsPerArticle} open editors per article.`, requestId), {
        status: 429,
      });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    const now = new Date().toISOString();
    server.serializeAttachment({
      connection: crypto.randomUUID(),
      userId: user.userId,
      name: user.name.slice(0, 100),
      email: user.email.slice(0, 254),
      openedAt: now,
      editing: false,
      since: now,
      windowStart: Date.now(),
      count: 0,
    } satisfies Attachment);
    this.sendPeople();
    // An editor that reconnects showing an older revision missed a change: tell it now.
    if (Number.isInteger(shown) && Number.isInteger(current) && shown < current) {
      const last = await this.ctx.storage.get<ArticleChange>(LAST_CHANGE);
      const change: ArticleChange =
        last?.revision === current ? last : { kind: "saved", revision: current, status: null, by: null, at: now };
      sendQuietly(server, JSON.stringify({ type: "changed", change } satisfies PresenceServerMessage));
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The article changed (committed): every open editor is told. Answers how many were. */
  async notify(change: ArticleChange): Promise<number> {
    await this.ctx.storage.put(LAST_CHANGE, change);
    const text = JSON.stringify({ type: "changed", change } satisfies PresenceServerMessage);
    let told = 0;
    for (const ws of this.ctx.getWebSockets()) if (sendQuietly(ws, text)) told++;
    return told;
  }

  /** Who is here now, as the object would send it (tests, and a look from the outside). */
  async people(): Promise<PresencePerson[]> {
    return this.everyone().map(({ person }) => person);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const refused = admitMessage(ws, message, { maxBytes: PRESENCE_MAX_MESSAGE_BYTES, perMinute: PRESENCE_LIMITS.messagesPerMinute });
    if (refused) return refuse(ws, refused.close, refused.code, refused.message);
    const me = ws.deserializeAttachment() as Attachment;
    const parsed = presenceClientMessage.safeParse(typeof message === "string" ? safeJson(message) : null);
    if (!parsed.success) return refuse(ws, WS_CLOSE.policy, "BAD_REQUEST", 'Send {"type":"state","editing":true|false} or "ping".');
    if (parsed.data.editing === me.editing) return;
    ws.serializeAttachment({ ...me, editing: parsed.data.editing, since: new Date().toISOString() } satisfies Attachment);
    this.sendPeople();
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    answerClose(ws, code, reason);
    this.sendPeople(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    closeQuietly(ws, WS_CLOSE.error, "socket error");
    this.sendPeople(ws);
  }

  /** Every open socket with its person, oldest first; `leaving` (a socket closing now) left out. */
  private everyone(leaving?: WebSocket): { ws: WebSocket; person: PresencePerson }[] {
    const out: { ws: WebSocket; person: PresencePerson }[] = [];
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === leaving || ws.readyState === WebSocket.CLOSING || ws.readyState === WebSocket.CLOSED) continue;
      const a = ws.deserializeAttachment() as Attachment | null;
      if (!a) continue;
      const { windowStart: _w, count: _c, ...person } = a;
      out.push({ ws, person });
    }
    return out.sort((x, y) => x.person.openedAt.localeCompare(y.person.openedAt));
  }

  /** The list to everyone (a handful of admins: each gets it whole, with its own connection named). */
  private sendPeople(leaving?: WebSocket): void {
    const all = this.everyone(leaving);
    const people = all.map(({ person }) => person);
    for (const { ws, person } of all)
      sendQuietly(ws, JSON.stringify({ type: "people", you: person.connection, people } satisfies PresenceServerMessage));
  }
}

function refuse(ws: WebSocket, code: number, errorCode: "BAD_REQUEST" | "RATE_LIMITED" | "PAYLOAD_TOO_LARGE", message: string): void {
  refuseMessage(ws, code, JSON.stringify({ type: "error", code: errorCode, message } satisfies PresenceServerMessage), message);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
