/** A method and a Hono-style path (":id" segments), as the contract table declares a route. */
export type RouteLine = { method: string; path: string };

/** A matcher for the concrete paths of `route` (each ":name" segment stands for one segment). */
export function routeMatcher(route: RouteLine): (method: string, path: string) => boolean {
  const pattern = new RegExp(`^${route.path.replace(/:[^/]+/g, "[^/]+")}$`);
  return (method, path) => method === route.method && pattern.test(path);
}
