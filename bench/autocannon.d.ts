// Minimal typings for the parts of autocannon 8 the benchmarks use (the package ships none, and
// @types/autocannon is not installed).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    timeout?: number;
    /** Stop after this many requests in all (instead of after `duration`). */
    amount?: number;
    /** Requests each connection sends in turn, looping (prebuilt once each). */
    requests?: Array<{ method?: string; path?: string; headers?: Record<string, string>; body?: string }>;
    /** Called with each connection as it is made (`client.setRequests` gives it its own list). */
    setupClient?: (client: Client) => void;
  }
  export interface Client {
    setRequests(requests: NonNullable<Options['requests']>): void;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result> & { stop(): void };
  export default autocannon;
}
