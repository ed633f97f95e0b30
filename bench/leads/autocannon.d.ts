// autocannon ships no types (and @types/autocannon is not installed): the slice this bench uses.
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  export interface Result {
    duration: number;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    timeout?: number;
    workers?: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
