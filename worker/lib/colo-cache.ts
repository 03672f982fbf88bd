/**
 * The colo's Cache API with this isolate's memory in front: an entry read or written here is kept in
 * memory until the colo's copy would expire (its `max-age` from when it was stored), so a hot answer
 * costs a map lookup instead of a cache call. Never longer than the colo keeps it, so the lifetimes
 * chosen by each caller (edge-cache.ts, public-cache.ts, the page cache) mean what they say, give
 * or take the moment a successor takes to make (REFRESH_GRACE_MS).
 * docs/decisions/performance/isolate-memory.md.
 */
import { gzipOrNull } from "./gzip.ts";

/** When the colo's copy was stored (ms since the epoch): it starts the memory's clock on a later read. */
const STORED_AT = "x-stored-at";

type Pairs = [string, string][];

/**
 * How a caller turns a stored copy's headers into its answer's (public-cache.ts restores the
 * browser's Cache-Control and marks a HIT). Made once per remembered entry, not once per hit: a
 * module-level function, so the entry can tell it is the same one.
 */
export type Present = (stored: Pairs) => Pairs;

/** What a hit is answered with: its header lists made once and reused (a hit then makes one Response, no Headers). */
type Served = { present: Present | undefined; plain: Pairs; gzip?: Pairs };

type Kept = {
  body: ArrayBuffer;
  status: number;
  headers: Pairs;
  served?: Served;
  until: number;
  /** The body gzipped, made on the first hit that accepts it (null: not worth compressing). */
  gzip?: Promise<ArrayBuffer | null>;
  gzipBytes?: number;
  /** Forgotten: a compression finishing later must not count its bytes. */
  dropped?: boolean;
  /** When a request, finding it expired, went to fetch or make its successor. */
  refreshingSince?: number;
};

/** Bounds: a few hundred answers and a few megabytes, well inside an isolate's 128 MB. */
const MAX_ENTRIES = 256;
const MAX_BYTES = 8 * 1024 * 1024;
const MAX_ENTRY_BYTES = 512 * 1024;
/** Smaller bodies fit in a packet or two either way: compressing them costs more than it saves. */
const MIN_GZIP_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|xml|rss\+xml|javascript)|text\/)/i;
/**
 * An expired answer is still served for this long after its lifetime, and only while one request
 * fetches or makes its successor: without it every request in flight at the moment of expiry would
 * make the same answer (a burst of D1 reads under load, every lifetime). A request never waits for
 * another's I/O, which Workers forbids; a refresh that fails or is never stored is retried by the
 * next request after this long, when the expired answer is also let go.
 */
export const REFRESH_GRACE_MS = 2_000;

const kept = new Map<string, Kept>();
let bytes = 0;

function drop(key: string): void {
  const entry = kept.get(key);
  if (!entry) return;
  kept.delete(key);
  entry.dropped = true;
  bytes -= entry.body.byteLength + (entry.gzipBytes ?? 0);
}

/** When a copy stored at `storedAt` with these headers stops being fresh (its `max-age`), or null. */
function expiry(headers: Pairs, storedAt: number): number | null {
  const maxAge = /max-age=(\d+)/.exec(headerOf(headers, "cache-control"))?.[1];
  return maxAge && Number.isFinite(storedAt) && storedAt > 0 ? storedAt + Number(maxAge) * 1000 : null;
}

/** A stored copy as the colo's cache gives it back: its headers, without the bookkeeping one, and when it was stored. */
function fromStored(res: Response): { headers: Pairs; storedAt: number } {
  return { headers: [...res.headers].filter(([name]) => name !== STORED_AT), storedAt: Number(res.headers.get(STORED_AT)) };
}

/** Keeps a stored copy (its body read once) in memory while the colo's copy would still hold. */
function remember(
  key: string,
  body: ArrayBuffer,
  status: number,
  { headers, storedAt }: { headers: Pairs; storedAt: number },
  now: number,
): Kept {
  const until = expiry(headers, storedAt);
  const entry: Kept = { body, status, headers, until: until ?? 0 };
  if (until !== null && until > now && body.byteLength <= MAX_ENTRY_BYTES) {
    drop(key);
    kept.set(key, entry);
    bytes += body.byteLength;
    // A Map iterates in insertion order: the first key is the least recently used.
    for (const oldest of kept.keys()) {
      if (kept.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      drop(oldest);
    }
  }
  return entry;
}

function served(entry: Kept, present: Present | undefined): Served {
  if (!entry.served || entry.served.present !== present) {
    entry.served = { present, plain: present ? present(entry.headers) : entry.headers };
  }
  return entry.served;
}

const has = (pairs: Pairs, name: string) => pairs.some(([n]) => n === name);

/**
 * A fresh response each time, so its headers can be added to. The body is not copied here: a Response
 * made from an ArrayBuffer holds a copy of its bytes (Fetch, "extract a body"), so every reader gets
 * its own, and a 50 kB answer is copied once per hit instead of twice.
 */
function answer(entry: Kept, present?: Present): Response {
  const headers = served(entry, present).plain;
  // A body stored compressed is sent as it is, not compressed again.
  return new Response(entry.body, { status: entry.status, headers, encodeBody: has(headers, "content-encoding") ? "manual" : "automatic" });
}

/** Whether an Accept-Encoding header takes gzip ("gzip", "gzip;q=0.8", "*"; not "gzip;q=0"). */
export function acceptsGzip(header: string | null | undefined): boolean {
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [coding = "", ...params] = part.split(";").map((p) => p.trim());
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

const headerOf = (pairs: Pairs, name: string) => pairs.find(([n]) => n === name)?.[1] ?? "";

/** The entry's body gzipped once, for every later reader that accepts it; null when not worth it. */
function gzipOf(entry: Kept): Promise<ArrayBuffer | null> {
  entry.gzip ??= (async () => {
    if (
      entry.body.byteLength < MIN_GZIP_BYTES ||
      has(entry.headers, "content-encoding") ||
      !COMPRESSIBLE.test(headerOf(entry.headers, "content-type"))
    ) {
      return null;
    }
    // A compression that fails leaves the plain bytes to be sent: a hit never fails for it.
    const gzip = gzipOrNull(entry.body);
    if (gzip && !entry.dropped) {
      entry.gzipBytes = gzip.byteLength;
      bytes += gzip.byteLength;
    }
    return gzip;
  })();
  return entry.gzip;
}

/**
 * A memory hit for a reader that accepts gzip: the bytes compressed once, sent as they are
 * (`encodeBody: "manual"`), instead of the runtime compressing the same answer on every request.
 */
async function answerGzipped(entry: Kept, present: Present | undefined): Promise<Response> {
  const gzip = await gzipOf(entry);
  if (!gzip) return answer(entry, present);
  const answered = served(entry, present);
  answered.gzip ??= withGzip(answered.plain);
  return new Response(gzip, { status: entry.status, headers: answered.gzip, encodeBody: "manual" });
}

function withGzip(plain: Pairs): Pairs {
  const vary = headerOf(plain, "vary");
  return [
    ...plain.filter(([n]) => n !== "content-encoding" && n !== "vary"),
    ["content-encoding", "gzip"],
    ["vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding"],
  ];
}

/**
 * Past its lifetime by less than the grace. `refreshingSince` is only ever set at or after `until`,
 * so this also bounds how long a refresh in flight is waited for.
 */
const withinGrace = (entry: Kept, now: number) => now < entry.until + REFRESH_GRACE_MS;

export type MatchOptions = {
  /** The reader accepts gzip: a memory hit is then answered compressed. */
  gzip?: boolean;
  /** The answer's headers from the stored copy's (see `Present`); as stored without it. */
  present?: Present;
  /** The caller keeps its answers in memory only (`rememberColo`): a miss there asks the colo nothing. */
  memoryOnly?: boolean;
};

/**
 * The stored answer for `key` (a URL), from memory or from the colo's cache; undefined when neither
 * has it. A string, not a Request: a hit makes no Request at all.
 */
export async function matchColo(
  key: string,
  now = Date.now(),
  { gzip = false, present, memoryOnly = false }: MatchOptions = {},
): Promise<Response | undefined> {
  const entry = kept.get(key);
  // Expired within its grace while another request fetches or makes its successor: still served.
  if (entry && (entry.until > now || (entry.refreshingSince !== undefined && withinGrace(entry, now)))) {
    kept.delete(key);
    kept.set(key, entry);
    return gzip ? answerGzipped(entry, present) : answer(entry, present);
  }
  if (entry && withinGrace(entry, now)) entry.refreshingSince = now;
  else if (entry) drop(key);
  if (memoryOnly) return undefined;
  const hit = await caches.default.match(key);
  return hit ? answer(remember(key, await hit.arrayBuffer(), hit.status, fromStored(hit), now), present) : undefined;
}

/**
 * Stores `res` (its Cache-Control's `max-age` is the lifetime) in memory now and in the colo's cache;
 * the promise is the colo's write, for `waitUntil`.
 */
export async function putColo(key: string, res: Response, now = Date.now()): Promise<void> {
  const body = await res.arrayBuffer();
  // The colo's copy and memory share the bytes read once: the Response copies them (see `answer`).
  const stored = new Response(body, { status: res.status, headers: res.headers });
  stored.headers.set(STORED_AT, String(now));
  remember(key, body, res.status, { headers: [...res.headers], storedAt: now }, now);
  await caches.default.put(key, stored);
}

/**
 * Keeps `res` in this isolate's memory only, as `putColo` would, without the colo's cache: for a copy
 * read from a store that already keeps hot keys at the colo (KV), where a Cache API write of a page
 * would cost more than the read it saves (docs/decisions/performance/page-copies-in-kv.md).
 */
export function rememberColo(
  key: string,
  copy: { status: number; headers: Pairs; body: ArrayBuffer },
  { gzip, now = Date.now() }: { gzip?: ArrayBuffer | null; now?: number } = {},
): void {
  // Kept as they are: an answer made from them is a Response of its own (see `answer`).
  const entry = remember(key, copy.body, copy.status, { headers: copy.headers, storedAt: now }, now);
  // The same body already gzipped for the store: a reader who takes gzip gets these bytes, not a
  // compression made again for the new entry.
  if (gzip && kept.get(key) === entry && !has(entry.headers, "content-encoding")) {
    entry.gzip = Promise.resolve(gzip);
    entry.gzipBytes = gzip.byteLength;
    bytes += gzip.byteLength;
  }
}

/** Forgets the remembered entries whose key passes `test` (the colo's copies are left as they are). */
export function forgetColoWhere(test: (key: string) => boolean): void {
  for (const key of [...kept.keys()]) if (test(key)) drop(key);
}

/** For tests: forget what this isolate remembers (the colo's cache is left as it is). */
export function forgetColoMemory(): void {
  kept.clear();
  bytes = 0;
}
