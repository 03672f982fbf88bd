/** The KV key whose value versions every cached content list; changing it invalidates them all. */
export const CONTENT_VERSION_KEY = "content:version";
