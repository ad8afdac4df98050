/** The part of autocannon's programmatic API that bench/gate-latency.ts uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
