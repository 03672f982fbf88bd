/**
 * A real WebSocket in a worker test that keeps every message it receives, each read by the
 * protocol's own parser (so a message off the contract fails the test), with waits on events.
 */
export class TestSocket<M> {
  readonly messages: M[] = [];
  /** Answers to "ping", which the runtime sends as plain text. */
  pongs = 0;
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  constructor(
    readonly ws: WebSocket,
    parse: (data: unknown) => M,
  ) {
    ws.addEventListener("message", (e) => {
      if (e.data === "pong") this.pongs++;
      else this.messages.push(parse(JSON.parse(e.data as string)));
      this.wake();
    });
    ws.addEventListener("close", (e) => {
      this.closed = { code: e.code, reason: e.reason };
      this.wake();
    });
    ws.accept();
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits (on events, not time) until `ready` holds; fails after `ms`. */
  async until<T>(ready: () => T | undefined | null | false, ms = 5000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = ready();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`no such message; got ${JSON.stringify(this.messages).slice(0, 600)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        // A condition that does not come from a message (another socket's state) is looked at again.
        setTimeout(resolve, 100);
      });
    }
  }

  whenClosed() {
    return this.until(() => this.closed);
  }

  send(data: unknown) {
    this.ws.send(typeof data === "string" ? data : JSON.stringify(data));
  }

  close() {
    try {
      this.ws.close(1000, "done");
    } catch {
      // already closed
    }
  }
}
