// autocannon ships no types; the benchmarks use this much of it.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    non2xx: number;
  }
  interface Request {
    headers?: Record<string, string>;
  }
  function autocannon(opts: {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Each connection sends these in turn; `setupRequest` rewrites one before every send. */
    requests?: { setupRequest?: (request: Request) => Request }[];
  }): Promise<Result>;
  export default autocannon;
}
