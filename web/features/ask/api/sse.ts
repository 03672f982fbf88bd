/**
 * The `event:` and `data:` fields of each server-sent event in a response body, in order. Comments
 * and keep-alives (blocks without data) are skipped; parsing each event is its reader's.
 */
export async function* sseEvents(body: ReadableStream): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? "message";
      const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join("\n");
      if (data) yield { event, data };
      end = buffer.indexOf("\n\n");
    }
    if (done) return;
  }
}

/** A POST that asks for a stream and reads JSON when the server answers plainly. */
export function postForStream(url: string, body: unknown, fetchImpl: typeof fetch): Promise<Response> {
  return fetchImpl(url, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "text/event-stream, application/json" },
    body: JSON.stringify(body),
  });
}

/** Whether a response is the stream asked for (else it is a JSON answer or refusal). */
export function isStream(res: Response): res is Response & { body: ReadableStream } {
  return res.ok && (res.headers.get("content-type") ?? "").includes("text/event-stream") && res.body !== null;
}
