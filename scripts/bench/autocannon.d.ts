/** The part of autocannon's API (v8, untyped) that scripts/bench/fire.ts uses. */
declare module "autocannon" {
  type Request = { path: string; method?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    amount?: number;
    duration?: number;
    connections?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (req: Request) => Request }[];
  };
  export type Result = {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; max: number };
    non2xx: number;
    errors: number;
    duration: number;
    [key: `${number}xx`]: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
