import zlib from "node:zlib";

/**
 * The Worker's one gzip, workerd's zlib through `node:zlib`: the library CompressionStream uses, at
 * the same cost at its level (6, measured), and unlike it a level to choose (docs/decisions/
 * performance/first-render-budget.md). What the compression of a kept copy costs is paid once per copy; what its
 * bytes cost, by every reader of it.
 */
export const GZIP_LEVEL = {
  /** zlib's default: answers and pages compressed off a reader's path or once for many hits. */
  kept: 6,
  /**
   * A page rendered by its reader, inside the Free plan's 10 ms of CPU. Levels 1 to 3 are zlib's
   * fast matcher: on the Top 500's 251 KB, level 2 takes half the time of level 6 for 14 % more
   * bytes (46.5 against 40.6 KB), read by that view's readers for one price tick; level 1 is no
   * faster and 2 KB larger.
   */
  reader: 2,
} as const;

const buffer = (bytes: Uint8Array): ArrayBuffer => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

export function gzip(bytes: ArrayBuffer, level: number = GZIP_LEVEL.kept): ArrayBuffer {
  return buffer(zlib.gzipSync(new Uint8Array(bytes), { level }));
}

/** The bytes gzipped, or null when compressing fails: whoever sends them sends them plain instead. */
export function gzipOrNull(bytes: ArrayBuffer, level: number = GZIP_LEVEL.kept): ArrayBuffer | null {
  try {
    return gzip(bytes, level);
  } catch {
    return null;
  }
}

/** Throws on bytes that are not gzip. */
export function gunzip(bytes: ArrayBuffer): ArrayBuffer {
  return buffer(zlib.gunzipSync(new Uint8Array(bytes)));
}
