/** The KV key whose value versions every cached content list; changing it invalidates them all. */
export const CONTENT_VERSION_KEY = "content:version";

/**
 * How long an isolate reuses the version it read: every cached content read and page asks for it, and
 * a second bounds how late another isolate's edit shows there (a write in the same isolate shows at
 * once). KV itself may take up to a minute to carry a write to other locations.
 */
export const VERSION_REUSE_MS = 1_000;
