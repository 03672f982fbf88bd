/**
 * A fixed number of requests from this process (autocannon's API), so the server's CPU is not the
 * client's: `node scripts/bench/fire.ts` reads {url, paths?, amount, connections, method?, body?,
 * headers?} as JSON on stdin and prints autocannon's result as JSON. With `paths`, request n asks for
 * paths[n % paths.length] (a different article each time, random slugs); the CLI cannot vary paths.
 */
import { text } from "node:stream/consumers";
import autocannon from "autocannon";

export type FireSpec = {
  url: string;
  paths?: string[];
  amount: number;
  connections: number;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
};

const spec = JSON.parse(await text(process.stdin)) as FireSpec;
let n = 0;
const paths = spec.paths;
const result = await autocannon({
  url: spec.url,
  amount: spec.amount,
  connections: spec.connections,
  method: (spec.method ?? "GET") as "GET",
  ...(spec.body ? { body: spec.body } : {}),
  headers: spec.headers ?? {},
  ...(paths?.length
    ? {
        requests: [
          {
            setupRequest: (req: { path: string }) => {
              req.path = paths[n++ % paths.length] as string;
              return req;
            },
          },
        ],
      }
    : {}),
});
process.stdout.write(JSON.stringify(result));
