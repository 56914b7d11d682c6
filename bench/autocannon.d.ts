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
  function autocannon(opts: {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Each request may be changed before it is sent (setupRequest answers the request to send). */
    requests?: { setupRequest?: (request: { headers: Record<string, string> }) => unknown }[];
  }): Promise<Result>;
  export default autocannon;
}
